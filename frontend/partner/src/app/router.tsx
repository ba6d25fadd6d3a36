import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import { PageSpinner } from '../components/Spinner';
import { progressQuery } from '../lib/progress';
import { queryClient } from '../lib/queryClient';
import { fullySignedIn, meQuery } from '../lib/session';
import { hideLoading } from '../lib/ui';
import { loadAcademy } from '../features/academy/queries';
import { coachingQuery } from '../features/coaching/coachingApi';
import { liveCallsQuery } from '../features/liveCalls/queries';
import { FIRST_LIST, partnersListQuery, partnersStatsQuery } from '../features/partners/partnersQueries';
import { playlistQuery } from '../features/replays/queries';
import { folderIdOf, loadFolder } from '../features/resources/queries';
import { testimonialsQuery } from '../features/vault/queries';
import { Guard } from './Guard';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { RouteLoadError } from './RouteLoadError';
import { RoutePending } from './RoutePending';

interface RouterContext {
  queryClient: QueryClient;
}

const NotFoundPage = lazyRouteComponent(() => import('../features/notFound/NotFoundPage'), 'NotFoundPage');

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteError,
});

// ---------- public ----------

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  staticData: { titleKey: 'home' },
  validateSearch: (search: Record<string, unknown>): { showLogin?: boolean } =>
    search.showLogin === true || search.showLogin === 'true' ? { showLogin: true } : {},
  component: lazyRouteComponent(() => import('../features/landing/LandingPage'), 'LandingPage'),
});

/** /login is the landing page with the login dialog open. */
const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  beforeLoad: () => {
    throw redirect({ to: '/', search: { showLogin: true }, replace: true });
  },
});

const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'register',
  staticData: { titleKey: 'register' },
  component: lazyRouteComponent(() => import('../features/register/RegisterPage'), 'RegisterPage'),
});

/** Forgotten passwords (issue 18): ask for a link; the link's page sets the new password. */
const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'forgot-password',
  staticData: { titleKey: 'forgotPassword' },
  component: lazyRouteComponent(
    () => import('../features/forgotPassword/ForgotPasswordPage'),
    'ForgotPasswordPage',
  ),
});

const newPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'new-password',
  staticData: { titleKey: 'newPassword' },
  component: lazyRouteComponent(
    () => import('../features/forgotPassword/NewPasswordPage'),
    'NewPasswordPage',
  ),
});

// ---------- behind the authentication guard ----------

const guardedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_guarded',
  component: Guard,
  loader: ({ context }) => context.queryClient.ensureQueryData(meQuery),
  pendingComponent: () => <PageSpinner />,
});

/**
 * The loader of a guarded page: its data is read once the session is known, and only for a
 * user past every step of the sign-in (a visitor or a pending password change sees the guard's
 * card, a pending second factor the code screen, and a data call would answer 401 or 403). A
 * failure shows the route's error component, `RouteLoadError`.
 */
const whenSignedIn =
  (load: (queryClient: QueryClient) => Promise<unknown>) =>
  async ({ context }: { context: RouterContext }) => {
    const me = await context.queryClient.ensureQueryData(meQuery);
    if (!fullySignedIn(me)) return;
    await load(context.queryClient);
  };

/** Pages that read the onboarding progress. */
const loadProgress = whenSignedIn((qc) => qc.ensureQueryData(progressQuery));

/** A page behind the guard; a failure of its loader shows the page's error card inside the shell. */
const guarded = <P extends string>(path: P) =>
  ({ getParentRoute: () => guardedRoute, path, errorComponent: RouteLoadError }) as const;

const resetPasswordRoute = createRoute({
  ...guarded('reset-password'),
  staticData: { titleKey: 'resetPassword' },
  component: lazyRouteComponent(
    () => import('../features/resetPassword/ResetPasswordPage'),
    'ResetPasswordPage',
  ),
});

const dashboardRoute = createRoute({
  ...guarded('dashboard'),
  staticData: { titleKey: 'dashboard' },
  // a progress that fails to load sends the partner to /foundation (spec), so no error here
  loader: whenSignedIn((qc) => qc.ensureQueryData(progressQuery).catch(() => undefined)),
  component: lazyRouteComponent(() => import('../features/dashboard/DashboardPage'), 'DashboardPage'),
});

const foundationRoute = createRoute({
  ...guarded('foundation'),
  staticData: {
    titleKey: 'foundation',
    loadError: {
      title: 'foundation:loadFailedTitle',
      text: 'foundation:loadFailedText',
      retry: 'foundation:retry',
    },
  },
  validateSearch: (search: Record<string, unknown>): { completed?: boolean } =>
    search.completed === true || search.completed === 'true' ? { completed: true } : {},
  loader: loadProgress,
  component: lazyRouteComponent(() => import('../features/foundation/FoundationPage'), 'FoundationPage'),
});

const onboardingRoute = createRoute({
  ...guarded('onboarding'),
  staticData: {
    titleKey: 'onboarding',
    loadError: {
      title: 'onboarding:loadFailedTitle',
      text: 'onboarding:loadFailedText',
      retry: 'onboarding:step1.retry',
    },
  },
  validateSearch: (search: Record<string, unknown>): { step?: number } => {
    const step = Number(search.step);
    return Number.isInteger(step) && step >= 1 && step <= 5 ? { step } : {};
  },
  loader: loadProgress,
  component: lazyRouteComponent(() => import('../features/onboarding/OnboardingPage'), 'OnboardingPage'),
});

const academyRoute = createRoute({
  ...guarded('academy'),
  staticData: { titleKey: 'academy' },
  loader: whenSignedIn(loadAcademy),
  component: lazyRouteComponent(() => import('../features/academy/AcademyPage'), 'AcademyPage'),
});

const liveCallsRoute = createRoute({
  ...guarded('live-calls'),
  staticData: {
    titleKey: 'liveCalls',
    loadError: { title: 'liveCalls:errorTitle', text: 'liveCalls:errorText', retry: 'liveCalls:retry' },
  },
  loader: whenSignedIn((qc) => qc.ensureQueryData(liveCallsQuery)),
  component: lazyRouteComponent(() => import('../features/liveCalls/LiveCallsPage'), 'LiveCallsPage'),
});

const replaysRoute = createRoute({
  ...guarded('replays'),
  staticData: {
    titleKey: 'replays',
    loadError: { title: 'replays:loadErrorTitle', text: 'replays:loadErrorText', retry: 'replays:retry' },
  },
  loader: whenSignedIn((qc) => qc.ensureQueryData(playlistQuery)),
  component: lazyRouteComponent(() => import('../features/replays/ReplaysPage'), 'ReplaysPage'),
});

const vaultRoute = createRoute({
  ...guarded('vault'),
  staticData: {
    titleKey: 'vault',
    loadError: { title: 'vault:errorTitle', text: 'vault:errorText', retry: 'vault:retry' },
  },
  loader: whenSignedIn((qc) => qc.ensureQueryData(testimonialsQuery)),
  component: lazyRouteComponent(() => import('../features/vault/VaultPage'), 'VaultPage'),
});

const resourcesRoute = createRoute({
  ...guarded('resources'),
  staticData: {
    titleKey: 'resources',
    loadError: {
      title: 'resources:loadErrorTitle',
      text: 'resources:loadErrorText',
      retry: 'resources:retry',
    },
  },
  loaderDeps: ({ search }) => ({ folderId: folderIdOf((search as { path?: unknown }).path) }),
  loader: ({ context, deps }) => whenSignedIn((qc) => loadFolder(qc, deps.folderId))({ context }),
  component: lazyRouteComponent(() => import('../features/resources/ResourcesPage'), 'ResourcesPage'),
});

const partnersRoute = createRoute({
  ...guarded('partners'),
  staticData: { titleKey: 'partners' },
  loader: whenSignedIn((qc) =>
    Promise.all([
      qc.ensureQueryData(partnersStatsQuery(FIRST_LIST.scope)),
      qc.ensureQueryData(partnersListQuery(FIRST_LIST)),
    ]),
  ),
  component: lazyRouteComponent(() => import('../features/partners/PartnersPage'), 'PartnersPage'),
});

const settingsRoute = createRoute({
  ...guarded('settings'),
  staticData: { titleKey: 'settings' },
  loader: whenSignedIn((qc) => qc.ensureQueryData(coachingQuery)),
  component: lazyRouteComponent(() => import('../features/settings/SettingsPage'), 'SettingsPage'),
});

const adminRoute = createRoute({
  ...guarded('admin'),
  staticData: { titleKey: 'admin' },
  component: lazyRouteComponent(() => import('../features/admin/AdminEntryPage'), 'AdminUsersEntryPage'),
});

const mailchimpSyncRoute = createRoute({
  ...guarded('admin/mailchimp-sync'),
  staticData: { titleKey: 'admin' },
  component: lazyRouteComponent(() => import('../features/admin/AdminEntryPage'), 'MailchimpSyncEntryPage'),
});

const performanceRoute = createRoute({
  ...guarded('performance'),
  staticData: { titleKey: 'performance' },
  component: lazyRouteComponent(() => import('../features/admin/AdminEntryPage'), 'PerformanceEntryPage'),
});

const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  registerRoute,
  forgotPasswordRoute,
  newPasswordRoute,
  guardedRoute.addChildren([
    resetPasswordRoute,
    dashboardRoute,
    foundationRoute,
    onboardingRoute,
    academyRoute,
    liveCallsRoute,
    replaysRoute,
    vaultRoute,
    resourcesRoute,
    partnersRoute,
    settingsRoute,
    adminRoute,
    mailchimpSyncRoute,
    performanceRoute,
  ]),
]);

function createAppRouter() {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    // route code is fetched on hover/focus of a link; data always comes from React Query
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 400,
    defaultPendingMinMs: 300,
    defaultPendingComponent: RoutePending,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: false,
  });

  // the app scrolls to the top itself: the browser must not put back an old position after a
  // history move (it did so after the step change had scrolled up)
  if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  router.subscribe('onResolved', (e) => {
    // the loading overlay is cleared on every route change; every navigation scrolls to the top
    if (e.pathChanged) hideLoading();
    if (e.hrefChanged) window.scrollTo({ top: 0, left: 0 });
  });
  return router;
}

export const router = createAppRouter();

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
