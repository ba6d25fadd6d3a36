import { Admin, CustomRoutes, Resource, defaultTheme, useTranslate } from 'react-admin';
import { Route } from 'react-router-dom';
import PeopleIcon from '@mui/icons-material/People';
import HistoryIcon from '@mui/icons-material/History';
import SyncIcon from '@mui/icons-material/Sync';
import OutboxIcon from '@mui/icons-material/Outbox';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { Layout } from './Layout';
import { UserEdit } from './users/UserEdit';
import { UserList } from './users/UserList';
import { AuditList } from './audit/AuditList';
import { SyncRunList, SyncRunShow } from './sync/SyncRuns';
import { MailOutboxList, MailOutboxShow } from './mail/MailOutbox';
import { lazy, Suspense } from 'react';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import EventIcon from '@mui/icons-material/Event';
import { TestimonialCreate, TestimonialEdit, TestimonialList } from './content/Testimonials';
import { LiveCallEdit, LiveCallList } from './content/LiveCalls';
import { AcademyLinksEdit } from './content/AcademyLinks';
import LinearProgress from '@mui/material/LinearProgress';

// The charts (recharts) load only when the dashboard is opened.
const PerformanceDashboard = lazy(() =>
  import('./performance/PerformanceDashboard').then((m) => ({ default: m.PerformanceDashboard })),
);
const SystemMetrics = lazy(() =>
  import('./system/SystemMetrics').then((m) => ({ default: m.SystemMetrics })),
);
const FunnelPage = lazy(() => import('./funnel/FunnelPage').then((m) => ({ default: m.FunnelPage })));
function PageLoading() {
  const t = useTranslate();
  return <LinearProgress aria-label={t('ra.page.loading')} sx={{ mt: 2 }} />;
}
const page = (element: React.ReactNode) => <Suspense fallback={<PageLoading />}>{element}</Suspense>;

const theme = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#0d7d67' },
    secondary: { main: '#0b5f4f' },
    // MUI's default orange and light blue carry white text at 3.1:1 and 3.9:1; these reach AA (5.0:1, 4.8:1)
    warning: { main: '#b45309', contrastText: '#fff' },
    info: { main: '#0277bd', contrastText: '#fff' },
  },
  components: {
    ...defaultTheme.components,
    MuiCheckbox: {
      defaultProps: {
        // react-admin's Datagrid gives its row checkbox an aria-label, which MUI 9 puts on the
        // wrapping <span> (where ARIA forbids it) and not on the <input>: move it to the input.
        slotProps: {
          root: { 'aria-label': undefined },
          input: (ownerState: { 'aria-label'?: string }) =>
            ownerState['aria-label'] ? { 'aria-label': ownerState['aria-label'] } : {},
        },
      },
    },
  },
  sidebar: { width: 264, closedWidth: 56 },
};

/** The console's name, translated (react-admin shows a title string as given on some pages). */
function ConsoleTitle() {
  return <>{useTranslate()('app.title')}</>;
}

/** The admin console: one resource folder per resource, custom pages for the dashboard and metrics. */
export function App() {
  return (
    <Admin
      title={<ConsoleTitle />}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={Layout}
      theme={theme}
      requireAuth
      disableTelemetry
      loginPage={false}
    >
      <Resource
        name="users"
        list={UserList}
        edit={UserEdit}
        icon={PeopleIcon}
        recordRepresentation={(r) => `${r.firstName} ${r.lastName}`}
      />
      <Resource name="audit" list={AuditList} icon={HistoryIcon} />
      <Resource name="sync-runs" list={SyncRunList} show={SyncRunShow} icon={SyncIcon} />
      <Resource name="sync-run-items" />
      <Resource
        name="mail-outbox"
        list={MailOutboxList}
        show={MailOutboxShow}
        icon={OutboxIcon}
        recordRepresentation="subject"
      />
      <Resource name="user-events" />
      <Resource
        name="testimonials"
        list={TestimonialList}
        edit={TestimonialEdit}
        create={TestimonialCreate}
        icon={VideoLibraryIcon}
        recordRepresentation="name"
      />
      <Resource
        name="live-calls"
        list={LiveCallList}
        edit={LiveCallEdit}
        icon={EventIcon}
        recordRepresentation={(r) => r.name?.en ?? r.id}
      />
      <Resource name="academy-links" edit={AcademyLinksEdit} />
      <CustomRoutes>
        <Route path="/performance" element={page(<PerformanceDashboard />)} />
        <Route path="/system-metrics" element={page(<SystemMetrics />)} />
        <Route path="/funnel" element={page(<FunnelPage />)} />
      </CustomRoutes>
    </Admin>
  );
}
