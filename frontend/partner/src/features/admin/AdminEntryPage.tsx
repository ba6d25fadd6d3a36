import Button from 'antd/es/button';
import { StopOutlined } from '@ant-design/icons';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../components/Spinner';
import { StatusCard } from '../../components/StatusCard';
import { useSession } from '../../lib/session';
import { CONSOLE_PATH, consoleMissing, goToConsole } from './consoleAddress';
import { ConsoleMissing } from './ConsoleMissing';

/** Delay before a non-admin is sent to /dashboard, so the Access Denied card can be read. */
export const ACCESS_DENIED_REDIRECT_MS = 2000;

/**
 * Entry to the react-admin console (a separate bundle the server serves under /admin/).
 * `isAdmin` comes from the server (admin flag or the configured admin e-mail); the server
 * enforces it on every admin call, the client only uses it to choose what to show.
 */
export function AdminEntry({ target }: { target: string }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { user } = useSession();
  const isAdmin = !!user?.isAdmin;
  // read once: a later render must not send the admin there again
  const [missing] = useState(consoleMissing);

  useEffect(() => {
    if (!user) return;
    if (isAdmin) {
      if (!missing) goToConsole(target);
      return;
    }
    const id = window.setTimeout(
      () => void navigate({ to: '/dashboard', replace: true }),
      ACCESS_DENIED_REDIRECT_MS,
    );
    return () => window.clearTimeout(id);
  }, [user, isAdmin, missing, target, navigate]);

  if (isAdmin)
    return missing ? (
      <ConsoleMissing action={<ToDashboardButton />} />
    ) : (
      <PageSpinner label={t('admin.opening')} />
    );
  return (
    <StatusCard
      icon={<StopOutlined />}
      tone="danger"
      title={t('admin.deniedTitle')}
      actions={<ToDashboardButton />}
    >
      <p>{t('admin.deniedText')}</p>
      <p className="status-note">{t('admin.redirecting')}</p>
    </StatusCard>
  );
}

function ToDashboardButton() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <Button type="primary" size="large" onClick={() => void navigate({ to: '/dashboard' })}>
      {t('admin.toDashboard')}
    </Button>
  );
}

/** /admin: the user management console. */
export const AdminUsersEntryPage = () => <AdminEntry target={CONSOLE_PATH} />;
/** /admin/mailchimp-sync: the mailing-service sync screen of the console. */
export const MailchimpSyncEntryPage = () => <AdminEntry target={`${CONSOLE_PATH}#/sync-runs`} />;
/** /performance: the performance dashboard of the console. */
export const PerformanceEntryPage = () => <AdminEntry target={`${CONSOLE_PATH}#/performance`} />;
