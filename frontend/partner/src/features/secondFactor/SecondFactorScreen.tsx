import { SafetyOutlined } from '@ant-design/icons';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../components/Spinner';
import { StatusCard } from '../../components/StatusCard';
import { signOut, type User } from '../../lib/session';
import { CodeStep } from './CodeStep';
import { destinationAfterSignIn } from '../../app/signIn';
import { CONSOLE_PATH, consoleMissing } from '../admin/consoleAddress';
import { ConsoleMissing } from '../admin/AdminEntryPage';

/**
 * Shown instead of any page while the session owes its second factor (issue 13): the code
 * step, after which the page asked for shows (the landing page moves on as a sign-in does);
 * or, for an admin without a second factor, straight on to the console's set-up, which says why.
 */
export function SecondFactorScreen({ user }: { user: User }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const router = useRouter();
  const enrol = user.secondFactor?.pending === 'enrol';
  const missing = consoleMissing();
  useEffect(() => {
    if (enrol && !missing) window.location.replace(CONSOLE_PATH);
  }, [enrol, missing]);

  if (enrol) return missing ? <ConsoleMissing /> : <PageSpinner />;
  return (
    <StatusCard icon={<SafetyOutlined />} title={t('secondFactor.title')}>
      <CodeStep
        onVerified={(u) => {
          if (router.state.location.pathname === '/')
            void destinationAfterSignIn(u).then((href) => navigate({ href }));
          // the page's data is read now that the server answers it
          else void router.invalidate();
        }}
        onCancel={() => void signOut()}
      />
    </StatusCard>
  );
}
