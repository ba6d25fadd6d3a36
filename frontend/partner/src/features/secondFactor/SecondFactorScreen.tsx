import { SafetyOutlined } from '@ant-design/icons';
import { useNavigate, useRouter } from '@tanstack/react-router';
import Button from 'antd/es/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../components/Spinner';
import { StatusCard } from '../../components/StatusCard';
import { signOut, type User } from '../../lib/session';
import { CodeStep } from './CodeStep';
import { destinationAfterSignIn } from '../../app/signIn';
import { CONSOLE_PATH, consoleMissing, goToConsole } from '../admin/consoleAddress';
import { ConsoleMissing } from '../admin/ConsoleMissing';

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
  const [missing] = useState(consoleMissing);
  useEffect(() => {
    if (enrol && !missing) goToConsole(CONSOLE_PATH, 'replace');
  }, [enrol, missing]);

  if (enrol)
    return missing ? (
      // every page is this screen until the set-up is done: the way on is to sign out
      <ConsoleMissing
        action={
          <Button size="large" onClick={() => void signOut()}>
            {t('secondFactor.cancel')}
          </Button>
        }
      />
    ) : (
      <PageSpinner />
    );
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
