import Button from 'antd/es/button';
import { BookOutlined, ReadOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { openLogin, preloadLogin } from '../../lib/ui';
import './landing.css';

function Feature({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <article className="landing-feature">
      <div className="landing-feature-icon" aria-hidden="true">
        {icon}
      </div>
      <h2>{title}</h2>
      <p>{text}</p>
    </article>
  );
}

export function LandingPage() {
  const { t } = useTranslation('landing');
  const navigate = useNavigate();
  const session = useSession();
  const { showLogin } = useSearch({ from: '/' });

  // /login and ?showLogin=true open the login dialog on this page
  useEffect(() => {
    if (!showLogin || session.status === 'loading') return;
    if (session.status === 'signedOut') openLogin();
    void navigate({ to: '/', search: {}, replace: true });
  }, [showLogin, session.status, navigate]);

  return (
    <div className="landing">
      <section className="landing-hero">
        <div className="landing-hero-inner">
          <p className="landing-eyebrow">{t('eyebrow')}</p>
          <h1 className="landing-title">{t('title')}</h1>
          <p className="landing-subtitle">{t('subtitle')}</p>
          <div className="landing-actions">
            <Button
              type="primary"
              size="large"
              className="landing-cta"
              data-focus-key="landing-start"
              onClick={() => void navigate({ to: session.user ? '/dashboard' : '/register' })}
            >
              {t('start')}
            </Button>
            {session.status === 'signedOut' && (
              <Button
                size="large"
                ghost
                className="landing-login"
                data-focus-key="landing-login"
                onClick={openLogin}
                onMouseEnter={preloadLogin}
                onFocus={preloadLogin}
              >
                {t('login')}
              </Button>
            )}
          </div>
        </div>
        <div className="landing-hero-art" aria-hidden="true" />
      </section>
      <section className="landing-features page">
        <Feature
          icon={<BookOutlined />}
          title={t('features.foundationTitle')}
          text={t('features.foundationText')}
        />
        <Feature
          icon={<VideoCameraOutlined />}
          title={t('features.liveTitle')}
          text={t('features.liveText')}
        />
        <Feature
          icon={<ReadOutlined />}
          title={t('features.academyTitle')}
          text={t('features.academyText')}
        />
      </section>
    </div>
  );
}
