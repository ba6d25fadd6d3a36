import { Admin, CustomRoutes, Resource, defaultTheme } from 'react-admin';
import { Route } from 'react-router-dom';
import PeopleIcon from '@mui/icons-material/People';
import HistoryIcon from '@mui/icons-material/History';
import SyncIcon from '@mui/icons-material/Sync';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { Layout } from './Layout';
import { UserEdit } from './users/UserEdit';
import { UserList } from './users/UserList';
import { AuditList } from './audit/AuditList';
import { SyncRunList, SyncRunShow } from './sync/SyncRuns';
import { lazy, Suspense } from 'react';
import LinearProgress from '@mui/material/LinearProgress';

// The charts (recharts) load only when the dashboard is opened.
const PerformanceDashboard = lazy(() => import('./performance/PerformanceDashboard').then((m) => ({ default: m.PerformanceDashboard })));
const SystemMetrics = lazy(() => import('./system/SystemMetrics').then((m) => ({ default: m.SystemMetrics })));
const page = (element: React.ReactNode) => <Suspense fallback={<LinearProgress sx={{ mt: 2 }} />}>{element}</Suspense>;

const theme = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: '#0d7d67' }, secondary: { main: '#0b5f4f' } },
  sidebar: { width: 264, closedWidth: 56 },
};

/** The admin console: one resource folder per resource, custom pages for the dashboard and metrics. */
export function App() {
  return (
    <Admin
      title="app.title"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={Layout}
      theme={theme}
      requireAuth
      disableTelemetry
      loginPage={false}
    >
      <Resource name="users" list={UserList} edit={UserEdit} icon={PeopleIcon} recordRepresentation={(r) => `${r.firstName} ${r.lastName}`} />
      <Resource name="audit" list={AuditList} icon={HistoryIcon} />
      <Resource name="sync-runs" list={SyncRunList} show={SyncRunShow} icon={SyncIcon} />
      <Resource name="sync-run-items" />
      <Resource name="user-events" />
      <CustomRoutes>
        <Route path="/performance" element={page(<PerformanceDashboard />)} />
        <Route path="/system-metrics" element={page(<SystemMetrics />)} />
      </CustomRoutes>
    </Admin>
  );
}
