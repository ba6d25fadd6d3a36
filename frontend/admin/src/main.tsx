import { StrictMode, Suspense, lazy, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initialLocale, loadCatalog } from './i18n/i18nProvider';

// seen once per admin, so it loads only when needed
const SecondFactorEnrolment = lazy(() =>
  import('./secondFactor/SecondFactorEnrolment').then((m) => ({ default: m.SecondFactorEnrolment })),
);

const locale = initialLocale();
document.documentElement.lang = locale;
// English is in the bundle; a Spanish or French admin's texts load alongside the session check
const texts = loadCatalog(locale).catch(() => undefined);
const root = createRoot(document.getElementById('root')!);
// a transition: React renders the console in slices and yields to the browser between them
const console_ = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );

/**
 * Before the console starts: an admin without a second factor sets one up here (the server
 * refuses every console call until then); a session that still owes its code goes back to the
 * partner app's code step.
 */
const me = fetch('/api/me', { credentials: 'same-origin' })
  .then(async (res) =>
    res.ok ? ((await res.json()) as { secondFactor?: { pending: string | null } }) : null,
  )
  .catch(() => null);
void Promise.all([me, texts]).then(([me]) => {
  const pending = me?.secondFactor?.pending;
  if (pending === 'verify') window.location.assign('/');
  else if (pending === 'enrol')
    root.render(
      <StrictMode>
        <Suspense fallback={null}>
          <SecondFactorEnrolment onDone={console_} />
        </Suspense>
      </StrictMode>,
    );
  else console_();
});
