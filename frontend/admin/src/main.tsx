import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initialLocale } from './i18n/i18nProvider';

// seen once per admin, so it loads only when needed
const SecondFactorEnrolment = lazy(() =>
  import('./secondFactor/SecondFactorEnrolment').then((m) => ({ default: m.SecondFactorEnrolment })),
);

document.documentElement.lang = initialLocale();
const root = createRoot(document.getElementById('root')!);
const console_ = () =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

/**
 * Before the console starts: an admin without a second factor sets one up here (the server
 * refuses every console call until then); a session that still owes its code goes back to the
 * partner app's code step.
 */
void fetch('/api/me', { credentials: 'same-origin' })
  .then(async (res) =>
    res.ok ? ((await res.json()) as { secondFactor?: { pending: string | null } }) : null,
  )
  .catch(() => null)
  .then((me) => {
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
