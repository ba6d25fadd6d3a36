import Button from 'antd/es/button';
import { Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LockOutlined, KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../components/Spinner';
import { StatusCard } from '../components/StatusCard';
import { useSession } from '../lib/session';
import { afterPaint } from '../lib/afterPaint';
import { rememberThisPage } from '../lib/returnTo';

/** Delay before a signed-out visitor of a guarded page is sent to the login (spec section 9). */
const UNAUTHENTICATED_REDIRECT_MS = 2000;

/** The card's time counts from its first paint: a busy phone may paint it well after its mount. */
function useRedirectAfter(to: '/login' | '/reset-password', ms: number) {
  const navigate = useNavigate();
  useEffect(() => {
    let id: number | undefined;
    const cancel = afterPaint(() => {
      id = window.setTimeout(() => void navigate({ to, replace: true }), ms);
    });
    return () => {
      cancel();
      window.clearTimeout(id);
    };
  }, [navigate, to, ms]);
}

function AuthRequired() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  // the sign-in comes back to the page the visitor opened (a link in a mail, a bookmark)
  useEffect(() => rememberThisPage(false), []);
  useRedirectAfter('/login', UNAUTHENTICATED_REDIRECT_MS);
  return (
    <StatusCard
      icon={<LockOutlined />}
      title={t('guard.authTitle')}
      actions={
        <Button type="primary" size="large" onClick={() => void navigate({ to: '/login' })}>
          {t('guard.goToLogin')}
        </Button>
      }
    >
      <p>{t('guard.authText')}</p>
      <p className="status-note">{t('guard.redirecting')}</p>
    </StatusCard>
  );
}

function ResetRequired() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  useRedirectAfter('/reset-password', UNAUTHENTICATED_REDIRECT_MS);
  return (
    <StatusCard
      icon={<KeyOutlined />}
      tone="warn"
      title={t('guard.resetTitle')}
      actions={
        <Button type="primary" size="large" onClick={() => void navigate({ to: '/reset-password' })}>
          {t('guard.resetButton')}
        </Button>
      }
    >
      <p>{t('guard.resetText')}</p>
    </StatusCard>
  );
}

/**
 * The authentication guard of every signed-in page: a spinner while the session is checked,
 * the Authentication Required card (and the login after 2 s) when signed out, the Password
 * Reset Required card (and /reset-password after 2 s) while a temporary password is pending.
 */
export function Guard() {
  const { t } = useTranslation('shell');
  const session = useSession();
  const onResetPage = useRouterState({ select: (s) => s.location.pathname === '/reset-password' });
  if (session.status === 'loading') return <PageSpinner label={t('guard.checking')} />;
  if (session.status === 'signedOut') return <AuthRequired />;
  if (session.user.mustChangePassword && !onResetPage) return <ResetRequired />;
  return <Outlet />;
}
