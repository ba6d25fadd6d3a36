import Button from 'antd/es/button';
import { SafetyOutlined } from '@ant-design/icons';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusCard } from '../../components/StatusCard';
import { signOut, type User } from '../../lib/session';
import { CodeStep } from './CodeStep';

/** Delay before an admin who must set up a second factor is sent to the console's set-up. */
const ENROL_REDIRECT_MS = 2000;

/**
 * Shown instead of any page while the session owes its second factor (issue 13): the code
 * step, or (an admin without a second factor) the way to the console's set-up.
 */
export function SecondFactorScreen({ user }: { user: User }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const enrol = user.secondFactor?.pending === 'enrol';
  useEffect(() => {
    if (!enrol) return;
    const id = window.setTimeout(() => window.location.assign('/admin/'), ENROL_REDIRECT_MS);
    return () => window.clearTimeout(id);
  }, [enrol]);

  if (enrol)
    return (
      <StatusCard
        icon={<SafetyOutlined />}
        tone="warn"
        title={t('secondFactor.enrolTitle')}
        actions={
          <Button type="primary" size="large" onClick={() => window.location.assign('/admin/')}>
            {t('secondFactor.enrolButton')}
          </Button>
        }
      >
        <p>{t('secondFactor.enrolText')}</p>
      </StatusCard>
    );
  return (
    <StatusCard icon={<SafetyOutlined />} title={t('secondFactor.title')}>
      <CodeStep
        onVerified={(u) => void navigate({ to: u.isAdmin ? '/admin' : '/dashboard' })}
        onCancel={() => void signOut()}
      />
    </StatusCard>
  );
}
