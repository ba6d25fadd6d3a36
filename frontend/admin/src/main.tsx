import { StrictMode, Suspense, lazy, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { authProvider, me } from './authProvider';
import { dataProvider } from './dataProvider';
import { prefillFirstScreen, queryClient } from './firstScreen';
import { initialLocale, loadCatalog } from './i18n/i18nProvider';
import { takeRememberedPlace } from './returnTo';

// seen once per admin, so it loads only when needed
const SecondFactorEnrolment = lazy(() =>
  import('./secondFactor/SecondFactorEnrolment').then((m) => ({ default: m.SecondFactorEnrolment })),
);

const locale = initialLocale();
document.documentElement.lang = locale;
// English is in the bundle; a Spanish or French admin's texts load alongside the session check
const texts = loadCatalog(locale).catch(() => undefined);
// the console opens where the admin was when their session ended (returnTo.ts), else on its
// first resource (react-admin would render once more to redirect there)
const remembered = takeRememberedPlace();
if (window.location.hash === '' || window.location.hash === '#/')
  window.history.replaceState(null, '', remembered ?? '#/users');
const root = createRoot(document.getElementById('root')!);
// a transition: React renders the console in slices and yields to the browser between them
const console_ = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );

/**
 * Before the console starts: an admin without a second factor sets one up here (the server
 * refuses every console call until then); a session that still owes its code goes back to the
 * partner app's code step. Otherwise the first screen's data goes into the cache first
 * (firstScreen.ts), so the console renders once.
 */
void Promise.all([me().catch(() => null), texts]).then(async ([user]) => {
  const pending = user?.secondFactor?.pending;
  if (pending === 'verify') window.location.assign('/');
  else if (pending === 'enrol')
    root.render(
      <StrictMode>
        <Suspense fallback={null}>
          <SecondFactorEnrolment onDone={() => void me(true).then(console_, console_)} />
        </Suspense>
      </StrictMode>,
    );
  else {
    await prefillFirstScreen(authProvider, dataProvider);
    console_();
  }
});
