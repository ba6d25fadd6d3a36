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
import type { QueryClient } from '@tanstack/react-query';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import EventIcon from '@mui/icons-material/Event';
import { deferred } from './lib/deferred';
import { fullName } from './lib/labels';
import { consoleTheme } from './theme';
import { consoleStore } from './lib/consoleStore';

// selected rows in memory, the rest in localStorage (lib/consoleStore.ts)
const store = consoleStore();

// Only the partner list (the console's first page) is in the first download; every other
// page loads when it is opened, with a loading bar meanwhile (lib/deferred.tsx).
const UserEdit = deferred(() => import('./users/UserEdit').then((m) => m.UserEdit));
const AuditList = deferred(() => import('./audit/AuditList').then((m) => m.AuditList));
const SyncRunList = deferred(() => import('./sync/SyncRuns').then((m) => m.SyncRunList));
const SyncRunShow = deferred(() => import('./sync/SyncRuns').then((m) => m.SyncRunShow));
const MailOutboxList = deferred(() => import('./mail/MailOutbox').then((m) => m.MailOutboxList));
const MailOutboxShow = deferred(() => import('./mail/MailOutbox').then((m) => m.MailOutboxShow));
const TestimonialList = deferred(() => import('./content/Testimonials').then((m) => m.TestimonialList));
const TestimonialEdit = deferred(() => import('./content/Testimonials').then((m) => m.TestimonialEdit));
const TestimonialCreate = deferred(() => import('./content/Testimonials').then((m) => m.TestimonialCreate));
const LiveCallList = deferred(() => import('./content/LiveCalls').then((m) => m.LiveCallList));
const LiveCallEdit = deferred(() => import('./content/LiveCalls').then((m) => m.LiveCallEdit));
const AcademyLinksEdit = deferred(() => import('./content/AcademyLinks').then((m) => m.AcademyLinksEdit));

// The charts (recharts) load only when the dashboard is opened.
const PerformanceDashboard = deferred(() =>
  import('./performance/PerformanceDashboard').then((m) => m.PerformanceDashboard),
);
const SystemMetrics = deferred(() => import('./system/SystemMetrics').then((m) => m.SystemMetrics));
const FunnelPage = deferred(() => import('./funnel/FunnelPage').then((m) => m.FunnelPage));

/** The console's name, translated (react-admin shows a title string as given on some pages). */
function ConsoleTitle() {
  return <>{useTranslate()('app.title')}</>;
}

/** The admin console: one resource folder per resource, custom pages for the dashboard and metrics. */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <Admin
      queryClient={queryClient}
      store={store}
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
        <Route path="/performance" element={<PerformanceDashboard />} />
        <Route path="/system-metrics" element={<SystemMetrics />} />
        <Route path="/funnel" element={<FunnelPage />} />
      </CustomRoutes>
    </Admin>
  );
}
