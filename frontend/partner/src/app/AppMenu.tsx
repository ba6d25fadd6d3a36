import Drawer from 'antd/es/drawer';
import {
  BookOutlined,
  FolderOpenOutlined,
  LogoutOutlined,
  PlayCircleOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TeamOutlined,
  TrophyOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageList } from '../components/LanguageSwitcher';
import { fullName, initials, signOut, type User } from '../lib/session';
import { useBodyScrollLock } from './useBodyScrollLock';

/** Delay of the scroll to top after a menu navigation (spec section 9). */
const MENU_SCROLL_DELAY_MS = 100;

type MenuPath =
  | '/foundation'
  | '/replays'
  | '/vault'
  | '/resources'
  | '/live-calls'
  | '/partners'
  | '/academy'
  | '/admin'
  | '/settings';

/** The seven sections, in the spec's order. */
const SECTIONS: { to: MenuPath; key: string; icon: ReactNode }[] = [
  { to: '/foundation', key: 'foundation', icon: <BookOutlined /> },
  { to: '/replays', key: 'replays', icon: <PlayCircleOutlined /> },
  { to: '/vault', key: 'vault', icon: <TrophyOutlined /> },
  { to: '/resources', key: 'resources', icon: <FolderOpenOutlined /> },
  { to: '/live-calls', key: 'liveCalls', icon: <VideoCameraOutlined /> },
  { to: '/partners', key: 'partners', icon: <TeamOutlined /> },
  { to: '/academy', key: 'academy', icon: <ReadOutlined /> },
];

const isActive = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

/** The signed-in user's slide-out menu (its own chunk, loaded when first opened). */
export default function AppMenu({ open, onClose, user }: { open: boolean; onClose: () => void; user: User }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useBodyScrollLock(open);
  // after a move to another page the focus goes to its heading (useFocusOnNavigation), not back
  // to the menu button as the drawer does at the end of its closing motion
  const [leaving, setLeaving] = useState(false);

  const go = (to: MenuPath) => {
    setLeaving(true);
    onClose();
    void navigate({ to });
    window.setTimeout(() => window.scrollTo({ top: 0, left: 0 }), MENU_SCROLL_DELAY_MS);
  };

  const item = (to: MenuPath, key: string, icon: ReactNode) => (
    <li key={to}>
      <button
        type="button"
        className="menu-item"
        aria-current={isActive(pathname, to) ? 'page' : undefined}
        onClick={() => go(to)}
      >
        {icon}
        <span>{t(`menu.${key}`)}</span>
      </button>
    </li>
  );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="right"
      size={340}
      title={t('menu.title')}
      aria-label={t('menu.title')}
      focusable={{ focusTriggerAfterClose: !leaving }}
      afterOpenChange={(opened) => opened && setLeaving(false)}
    >
      <div className="menu-head">
        <span className="avatar avatar-lg" aria-hidden="true">
          {initials(user)}
        </span>
        <div className="menu-head-text">
          <div className="menu-head-name">{fullName(user)}</div>
          <div className="menu-head-email">{user.email}</div>
        </div>
      </div>
      <nav aria-label={t('menu.navigation')}>
        <ul className="menu-list">{SECTIONS.map((s) => item(s.to, s.key, s.icon))}</ul>
        <div className="menu-sep" role="separator" />
        <ul className="menu-list">
          {user.isAdmin && item('/admin', 'admin', <SafetyCertificateOutlined />)}
          {item('/settings', 'settings', <SettingOutlined />)}
          <li>
            <button
              type="button"
              className="menu-item menu-item-danger"
              onClick={() => {
                onClose();
                void signOut();
              }}
            >
              <LogoutOutlined />
              <span>{t('menu.signOut')}</span>
            </button>
          </li>
        </ul>
      </nav>
      <div className="menu-sep" role="separator" />
      <div className="menu-section-label">{t('menu.language')}</div>
      <LanguageList />
    </Drawer>
  );
}
