import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LanguageList } from '../components/LanguageSwitcher';
import { openLogin } from '../lib/ui';
import { useBodyScrollLock } from './useBodyScrollLock';

/** The visitors' menu on small screens: welcome text, sign in, sign up, language. */
export default function VisitorMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  useBodyScrollLock(open);
  return (
    <Drawer open={open} onClose={onClose} placement="right" size={320} title={t('menu.title')}>
      <div className="visitor-menu-welcome">
        <h2>{t('visitorMenu.welcome')}</h2>
        <p>{t('visitorMenu.text')}</p>
      </div>
      <div className="stack">
        <Button
          type="primary"
          size="large"
          block
          onClick={() => {
            onClose();
            openLogin();
          }}
        >
          {t('topBar.signIn')}
        </Button>
        <Button
          size="large"
          block
          onClick={() => {
            onClose();
            void navigate({ to: '/register' });
          }}
        >
          {t('topBar.signUp')}
        </Button>
      </div>
      <div className="menu-sep" role="separator" />
      <div className="menu-section-label">{t('menu.language')}</div>
      <LanguageList />
    </Drawer>
  );
}
