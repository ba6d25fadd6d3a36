import { Admin, CustomRoutes, Resource, useTranslate } from 'react-admin';
import { Route } from 'react-router-dom';
import PeopleIcon from '@mui/icons-material/People';
import HistoryIcon from '@mui/icons-material/History';
import SyncIcon from '@mui/icons-material/Sync';
import OutboxIcon from '@mui/icons-material/Outbox';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { Layout } from './Layout';
import { UserList } from './users/UserList';
import { lazy, Suspense } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import EventIcon from '@mui/icons-material/Event';
import LinearProgress from '@mui/material/LinearProgress';
import { fullName } from './lib/labels';
import { consoleTheme } from './theme';

// Only the partner list (the console's first page) is in the first download; every other
// resource page loads when it is opened (react-admin's Layout shows its spinner meanwhile).
const UserEdit = lazy(() => import('./users/UserEdit').then((m) => ({ default: m.UserEdit })));
const AuditList = lazy(() => import('./audit/AuditList').then((m) => ({ default: m.AuditList })));
const SyncRunList = lazy(() => import('./sync/SyncRuns').then((m) => ({ default: m.SyncRunList })));
const SyncRunShow = lazy(() => import('./sync/SyncRuns').then((m) => ({ default: m.SyncRunShow })));
const MailOutboxList = lazy(() => import('./mail/MailOutbox').then((m) => ({ default: m.MailOutboxList })));
const MailOutboxShow = lazy(() => import('./mail/MailOutbox').then((m) => ({ default: m.MailOutboxShow })));
const TestimonialList = lazy(() =>
  import('./content/Testimonials').then((m) => ({ default: m.TestimonialList })),
);
const TestimonialEdit = lazy(() =>
  import('./content/Testimonials').then((m) => ({ default: m.TestimonialEdit })),
);
const TestimonialCreate = lazy(() =>
  import('./content/Testimonials').then((m) => ({ default: m.TestimonialCreate })),
);
const LiveCallList = lazy(() => import('./content/LiveCalls').then((m) => ({ default: m.LiveCallList })));
const LiveCallEdit = lazy(() => import('./content/LiveCalls').then((m) => ({ default: m.LiveCallEdit })));
const AcademyLinksEdit = lazy(() =>
  import('./content/AcademyLinks').then((m) => ({ default: m.AcademyLinksEdit })),
);

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

/** The console's name, translated (react-admin shows a title string as given on some pages). */
function ConsoleTitle() {
  return <>{useTranslate()('app.title')}</>;
}

/** The admin console: one resource folder per resource, custom pages for the dashboard and metrics. */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <Admin
      queryClient={queryClient}
      title={<ConsoleTitle />}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={Layout}
      theme={consoleTheme}
      requireAuth
      disableTelemetry
      loginPage={false}
    >
      <Resource
        name="users"
        list={UserList}
        edit={UserEdit}
        icon={PeopleIcon}
        recordRepresentation={fullName}
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
