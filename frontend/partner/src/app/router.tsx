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
import { meQuery } from '../lib/session';
import { hideLoading } from '../lib/ui';
import { Guard } from './Guard';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { RoutePending } from './RoutePending';

export interface RouterContext {
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

/** Loader of pages that read the onboarding progress: the user first, then the progress. */
async function ensureProgress({ context }: { context: RouterContext }) {
  const me = await context.queryClient.ensureQueryData(meQuery);
  if (!me || me.mustChangePassword) return;
  await context.queryClient.ensureQueryData(progressQuery).catch(() => undefined);
}

const guarded = <P extends string>(path: P) => ({ getParentRoute: () => guardedRoute, path }) as const;

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
  loader: ensureProgress,
  component: lazyRouteComponent(() => import('../features/dashboard/DashboardPage'), 'DashboardPage'),
});

const foundationRoute = createRoute({
  ...guarded('foundation'),
  staticData: { titleKey: 'foundation' },
  validateSearch: (search: Record<string, unknown>): { completed?: boolean } =>
    search.completed === true || search.completed === 'true' ? { completed: true } : {},
  loader: ensureProgress,
  component: lazyRouteComponent(() => import('../features/foundation/FoundationPage'), 'FoundationPage'),
});

const onboardingRoute = createRoute({
  ...guarded('onboarding'),
  staticData: { titleKey: 'onboarding' },
  validateSearch: (search: Record<string, unknown>): { step?: number } => {
    const step = Number(search.step);
    return Number.isInteger(step) && step >= 1 && step <= 5 ? { step } : {};
  },
  loader: ensureProgress,
  component: lazyRouteComponent(() => import('../features/onboarding/OnboardingPage'), 'OnboardingPage'),
});

const academyRoute = createRoute({
  ...guarded('academy'),
  staticData: { titleKey: 'academy' },
  loader: ensureProgress,
  component: lazyRouteComponent(() => import('../features/academy/AcademyPage'), 'AcademyPage'),
});

const liveCallsRoute = createRoute({
  ...guarded('live-calls'),
  staticData: { titleKey: 'liveCalls' },
  component: lazyRouteComponent(() => import('../features/liveCalls/LiveCallsPage'), 'LiveCallsPage'),
});

const replaysRoute = createRoute({
  ...guarded('replays'),
  staticData: { titleKey: 'replays' },
  component: lazyRouteComponent(() => import('../features/replays/ReplaysPage'), 'ReplaysPage'),
});

const vaultRoute = createRoute({
  ...guarded('vault'),
  staticData: { titleKey: 'vault' },
  component: lazyRouteComponent(() => import('../features/vault/VaultPage'), 'VaultPage'),
});

const resourcesRoute = createRoute({
  ...guarded('resources'),
  staticData: { titleKey: 'resources' },
  component: lazyRouteComponent(() => import('../features/resources/ResourcesPage'), 'ResourcesPage'),
});

const partnersRoute = createRoute({
  ...guarded('partners'),
  staticData: { titleKey: 'partners' },
  component: lazyRouteComponent(() => import('../features/partners/PartnersPage'), 'PartnersPage'),
});

const settingsRoute = createRoute({
  ...guarded('settings'),
  staticData: { titleKey: 'settings' },
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

export const routeTree = rootRoute.addChildren([
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

export function createAppRouter() {
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
