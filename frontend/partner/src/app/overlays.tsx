import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/Spinner';
import { ui, type LoadingKey } from '../lib/ui';

export function LoadingOverlay({ messageKey = 'default' }: { messageKey?: LoadingKey }) {
  const { t } = useTranslation('shell');
  return (
    <div
      className="overlay"
      role="alertdialog"
      aria-busy="true"
      aria-live="polite"
      aria-label={t(`loading.${messageKey}`)}
    >
      <div className="overlay-box">
        <Spinner label={t(`loading.${messageKey}`)} />
        <div className="overlay-title">{t(`loading.${messageKey}`)}</div>
        <div className="overlay-note">{t('loading.note')}</div>
      </div>
    </div>
  );
}

function SigningInOverlay() {
  const { t } = useTranslation('shell');
  return (
    <div
      className="overlay"
      role="alertdialog"
      aria-busy="true"
      aria-live="assertive"
      aria-label={t('overlay.signingIn')}
    >
      <div className="overlay-box">
        <Spinner label={t('overlay.signingIn')} />
        <div className="overlay-title">{t('overlay.signingIn')}</div>
        <div className="overlay-note">{t('overlay.signingInNote')}</div>
      </div>
    </div>
  );
}

/** The app-wide overlays: 'Signing you in...' wins over the general loading overlay. */
export function Overlays() {
  const authenticating = ui.use((s) => s.authenticating);
  const loading = ui.use((s) => s.loading);
  if (authenticating) return <SigningInOverlay />;
  if (loading) return <LoadingOverlay messageKey={loading} />;
  return null;
}

/** Loading messages of the routes that have their own (spec 000 section 2). */
const routeMessages: [prefix: string, key: LoadingKey][] = [
  ['/partners', 'partners'],
  ['/dashboard', 'dashboard'],
  ['/admin', 'admin'],
  ['/onboarding', 'onboarding'],
  ['/performance', 'performance'],
  ['/live-calls', 'liveCalls'],
  ['/replays', 'replays'],
  ['/academy', 'academy'],
  ['/vault', 'vault'],
  ['/resources', 'resources'],
];

export function loadingKeyFor(pathname: string): LoadingKey {
  return routeMessages.find(([p]) => pathname === p || pathname.startsWith(`${p}/`))?.[1] ?? 'default';
}
