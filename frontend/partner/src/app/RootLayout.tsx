import { Outlet, useRouterState } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useModule } from '../../../shared/useModule';
import { PageSpinner } from '../components/Spinner';
import { useLanguageSync } from '../lib/languageSync';
import { progressQuery } from '../lib/progress';
import { fullySignedIn, useSession } from '../lib/session';
import { registerLoginPreloader, ui } from '../lib/ui';
import { Footer } from './Footer';
import { Overlays } from './overlays';
import { TopBar } from './TopBar';
import { useDocumentTitle } from './useDocumentTitle';
import { useFocusOnNavigation } from './useFocusOnNavigation';

const loadLoginDialog = () => import('./LoginDialog');
registerLoginPreloader(loadLoginDialog);
const loadAppMenu = () => import('./AppMenu');
const loadVisitorMenu = () => import('./VisitorMenu');
const ForcedPasswordScreen = lazy(() =>
  import('../features/resetPassword/ResetPasswordPage').then((m) => ({ default: m.ForcedPasswordScreen })),
);

const SecondFactorScreen = lazy(() =>
  import('../features/secondFactor/SecondFactorScreen').then((m) => ({ default: m.SecondFactorScreen })),
);

const GUARDED_ROUTE_ID = '/_guarded';

export function RootLayout() {
  const session = useSession();
  const user = session.user;
  const queryClient = useQueryClient();
  const loginMounted = ui.use((s) => s.loginMounted);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuMounted, setMenuMounted] = useState(false);
  const LoginDialog = useModule(loadLoginDialog, loginMounted);
  const AppMenu = useModule(loadAppMenu, menuMounted && !!user);
  const VisitorMenu = useModule(loadVisitorMenu, menuMounted && !user);
  const inGuardedRoute = useRouterState({
    select: (s) => s.matches.some((m) => m.routeId === GUARDED_ROUTE_ID),
  });
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useDocumentTitle();
  useFocusOnNavigation();
  useLanguageSync();

  // on page load, a signed-in user's onboarding progress is loaded too (spec 000 section 4)
  useEffect(() => {
    if (fullySignedIn(user)) void queryClient.prefetchQuery(progressQuery);
  }, [user, queryClient]);

  // the menu closes on any route change (back button included)
  useEffect(() => setMenuOpen(false), [pathname]);

  const openMenu = () => {
    setMenuMounted(true);
    setMenuOpen(true);
  };
  const closeMenu = () => setMenuOpen(false);

  // a temporary password confines the user to the forced change screen, on every route;
  // guarded routes show their 'Password Reset Required' card first (Guard)
  const forced = !!user?.mustChangePassword && !inGuardedRoute;
  // the second factor comes first (the server refuses all else), the set-up of an admin's after
  // the password change (issue 13)
  const pending = user?.secondFactor?.pending;
  const secondFactorDue = pending === 'verify' || (pending === 'enrol' && !user?.mustChangePassword);

  return (
    <>
      <TopBar onOpenMenu={openMenu} />
      <main className="app-main" id="main">
        {secondFactorDue ? (
          <Suspense fallback={<PageSpinner />}>
            <SecondFactorScreen user={user!} />
          </Suspense>
        ) : forced ? (
          <Suspense fallback={<PageSpinner />}>
            <ForcedPasswordScreen />
          </Suspense>
        ) : (
          <Outlet />
        )}
      </main>
      <Footer />
      {menuMounted &&
        (user
          ? AppMenu && <AppMenu open={menuOpen} onClose={closeMenu} user={user} />
          : VisitorMenu && <VisitorMenu open={menuOpen} onClose={closeMenu} />)}
      {loginMounted && LoginDialog && <LoginDialog />}
      <Overlays />
    </>
  );
}
