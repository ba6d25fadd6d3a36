import Button from 'antd/es/button';
import { MenuOutlined } from '@ant-design/icons';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Hint } from '../components/Hint';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { LogoMark } from '../components/Logo';
import { fullName, initials, useSession } from '../lib/session';
import { openLogin, preloadLogin } from '../lib/ui';

export function TopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const session = useSession();
  const user = session.user;

  return (
    <header className="topbar">
      <div className="topbar-inner">
        {/* named by its visible text (no aria-label: WCAG 2.5.3, label in name); the tooltip says where it goes */}
        <Hint text={t('topBar.home')}>
          <Link to="/" className="logo" data-focus-key="logo">
            <LogoMark />
            <span className="logo-text">
              <span className="logo-name">{t('common:brand.name')}</span>
              <span className="logo-tagline">{t('common:brand.tagline')}</span>
            </span>
          </Link>
        </Hint>
        <div className="topbar-spacer" />
        <div className="topbar-actions">
          {user ? (
            <>
              <span className="only-desktop">
                <LanguageSwitcher />
              </span>
              <Hint text={t('topBar.account', { name: fullName(user) })}>
                <div className="user-chip">
                  <span className="avatar" aria-hidden="true">
                    {initials(user)}
                  </span>
                  <span className="user-chip-text only-desktop">
                    <span className="user-chip-name">{fullName(user)}</span>
                    <span className="user-chip-email">{user.email}</span>
                  </span>
                </div>
              </Hint>
              <button
                type="button"
                className="icon-btn"
                aria-label={t('topBar.openMenu')}
                onClick={onOpenMenu}
              >
                <MenuOutlined />
              </button>
            </>
          ) : (
            <>
              <LanguageSwitcher />
              {session.status === 'signedOut' && (
                <>
                  <Button
                    className="only-desktop"
                    onClick={openLogin}
                    onMouseEnter={preloadLogin}
                    onFocus={preloadLogin}
                  >
                    {t('topBar.signIn')}
                  </Button>
                  <Button
                    className="only-desktop"
                    type="primary"
                    onClick={() => void navigate({ to: '/register' })}
                  >
                    {t('topBar.signUp')}
                  </Button>
                  <button
                    type="button"
                    className="icon-btn only-mobile"
                    aria-label={t('topBar.openMenu')}
                    onClick={onOpenMenu}
                    onPointerDown={preloadLogin}
                  >
                    <MenuOutlined />
                  </button>
                </>
              )}
            </>
          )}
        </div>
      </div>
    </header>
  );
}
