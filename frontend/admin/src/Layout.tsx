import PeopleIcon from '@mui/icons-material/People';
import HistoryIcon from '@mui/icons-material/History';
import SyncIcon from '@mui/icons-material/Sync';
import OutboxIcon from '@mui/icons-material/Outbox';
import SpeedIcon from '@mui/icons-material/Speed';
import MemoryIcon from '@mui/icons-material/Memory';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import EventIcon from '@mui/icons-material/Event';
import LinkIcon from '@mui/icons-material/Link';
import FilterAltIcon from '@mui/icons-material/FilterAlt';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import { startTransition, useEffect, useRef, useState } from 'react';
import {
  AppBar,
  Layout as RaLayout,
  Menu,
  TitlePortal,
  UserMenu,
  useGetIdentity,
  useLocation,
  useTranslate,
  type LayoutProps,
} from 'react-admin';
import { LanguageMenu } from './LanguageMenu';

function AdminMenu() {
  const t = useTranslate();
  return (
    <Menu>
      <Menu.Item to="/users" primaryText={t('app.menu.users')} leftIcon={<PeopleIcon />} />
      <Menu.Item to="/audit" primaryText={t('app.menu.audit')} leftIcon={<HistoryIcon />} />
      <Menu.Item to="/sync-runs" primaryText={t('app.menu.sync')} leftIcon={<SyncIcon />} />
      <Menu.Item to="/mail-outbox" primaryText={t('app.menu.outbox')} leftIcon={<OutboxIcon />} />
      <Menu.Item to="/performance" primaryText={t('app.menu.performance')} leftIcon={<SpeedIcon />} />
      <Menu.Item to="/system-metrics" primaryText={t('app.menu.system')} leftIcon={<MemoryIcon />} />
      <Menu.Item to="/funnel" primaryText={t('app.menu.funnel')} leftIcon={<FilterAltIcon />} />
      <Menu.Item
        to="/testimonials"
        primaryText={t('app.menu.testimonials')}
        leftIcon={<VideoLibraryIcon />}
      />
      <Menu.Item to="/live-calls" primaryText={t('app.menu.liveCalls')} leftIcon={<EventIcon />} />
      <Menu.Item
        to="/academy-links/current"
        primaryText={t('app.menu.academyLinks')}
        leftIcon={<LinkIcon />}
      />
      <Box sx={{ borderTop: '1px solid', borderColor: 'divider', mt: 1 }} />
      <Menu.Item
        to="/back"
        onClick={(e: React.MouseEvent) => {
          e.preventDefault();
          window.location.assign('/dashboard');
        }}
        primaryText={t('app.backToPortal')}
        leftIcon={<ArrowBackIcon />}
      />
    </Menu>
  );
}

/** The account menu; its button shows the admin's name, so its accessible name starts with that name (WCAG 2.5.3). */
function AdminUserMenu() {
  const t = useTranslate();
  const { identity } = useGetIdentity();
  return (
    <UserMenu
      label={identity?.fullName ? t('app.userMenu', { name: identity.fullName }) : 'ra.auth.user_menu'}
    />
  );
}

// react-admin puts the page's title in an inline-block box (its Configurable root), which the
// app bar clips whole, so a long title was cut mid-letter with no ellipsis; laid out inline, its
// text ends with "…" where it no longer fits beside the language and account buttons.
// On a phone the room beside them is ~150 px, where a title cut short read "Registro de au…";
// below 900 px (a tablet) the console's name and the language's and admin's names stand beside
// it and leave 240-330 px, where "Sincronización con Mailchimp del 29 nov 2026, 06:42" read
// "Sincronización con Mail…". Below 900 px it wraps onto a second line in a smaller font (two fit
// the app bar), and only a title longer than two lines (a very long name) still ends with "…".
const pageTitle = (theme: Theme) => ({
  minWidth: 0,
  '& .RaConfigurable-root': { display: 'inline' },
  [theme.breakpoints.down('md')]: {
    fontSize: '1rem',
    lineHeight: 1.2,
    whiteSpace: 'normal',
    overflowWrap: 'break-word',
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
  },
});

function AdminAppBar() {
  const t = useTranslate();
  return (
    <AppBar toolbar={<LanguageMenu />} userMenu={<AdminUserMenu />}>
      {/* on a phone the page's title alone: both left no room for it beside the language menu */}
      <Typography
        variant="subtitle1"
        data-testid="console-name"
        sx={{ fontWeight: 600, mr: 2, whiteSpace: 'nowrap', display: { xs: 'none', sm: 'block' } }}
      >
        {t('app.title')}
      </Typography>
      <TitlePortal sx={pageTitle} />
    </AppBar>
  );
}

// react-admin lets a wide table widen the whole page (the app bar and the toolbar's buttons
// slide out of view); here the page keeps the window's width and a wide table scrolls in its card.
const fitWindow = {
  minWidth: 0,
  '& .RaLayout-content, & .RaList-main': { minWidth: 0 },
  '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
  // focused after a page change (FocusPageOnRouteChange): no ring around the whole page
  '& #main-content:focus': { outline: 'none' },
};

/** index.html's static app bar (painted before the code runs), as React keeps it until the layout opens. */
const StaticAppBar = () => <Box sx={{ height: 56, bgcolor: 'primary.main' }} />;

/**
 * A link or button inside a page that opens another page (a user's name, Save, List) is removed
 * with the page, and the browser left focus nowhere: a keyboard user's next Tab started from
 * wherever the old element had been, a screen reader said nothing. When the address's page
 * changes while focus is in the page, focus goes to the page's container (react-admin's
 * `#main-content`, which stays), so Tab goes on from the top of the new page. Focus in the menu
 * or the app bar stays where it is.
 */
function FocusPageOnRouteChange() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const main = document.getElementById('main-content');
    const active = document.activeElement;
    if (!main || !(active === document.body || (active && main.contains(active)))) return;
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}

/** false on the first render; true from a transition once `after` is true and committed */
function useOpenAfter(after: boolean) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (after && !open) startTransition(() => setOpen(true));
  }, [after, open]);
  return open;
}

/**
 * The console opens in three commits, each in a transition (rendered in slices, the browser
 * free in between): the static app bar, then the layout, then the page. react-admin sets state
 * in its first effects (its routes and resources), and React renders updates made in effects in
 * one synchronous pass: with the page in it, that pass was a long task on a phone. The app bar
 * reads the scroll position when it mounts, which makes the browser compute the styles of
 * everything on the page at once: with the page not there yet, that is the layout's styles only.
 */
export function Layout({ children, ...props }: LayoutProps) {
  const layoutOpen = useOpenAfter(true);
  const pageOpen = useOpenAfter(layoutOpen);
  if (!layoutOpen) return <StaticAppBar />;
  return (
    <RaLayout {...props} menu={AdminMenu} appBar={AdminAppBar} sx={fitWindow}>
      <FocusPageOnRouteChange />
      {pageOpen ? children : null}
    </RaLayout>
  );
}
