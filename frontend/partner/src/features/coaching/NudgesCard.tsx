import Card from 'antd/es/card';
import Switch from 'antd/es/switch';
import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { coachingEndpoints } from '@portal/contracts/coaching/endpoints';
import type { CoachingRoutes } from '@portal/contracts/coaching/routes';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { toast } from '../../lib/toast';
import { CardTitle } from '../settings/CardTitle';
import { coachingQuery } from './coachingApi';

type Setting = 'nudges' | 'reminders';

/**
 * Settings' "Notifications" card (the spec's "coming soon" card): nudges from the sponsor, and
 * the e-mail one hour before each live call.
 */
export function NudgesCard() {
  const { t } = useTranslation('settings');
  const { data } = useQuery(coachingQuery);
  const [busy, setBusy] = useState<Setting | null>(null);
  const nudgesLabel = useId();
  const remindersLabel = useId();

  const change = async (setting: Setting, on: boolean) => {
    setBusy(setting);
    try {
      const answer =
        setting === 'nudges'
          ? await request<CoachingRoutes['setNudges']>(coachingEndpoints.setNudges, { body: { allowed: on } })
          : await request<CoachingRoutes['setCallReminders']>(coachingEndpoints.setCallReminders, {
              body: { enabled: on },
            });
      queryClient.setQueryData(coachingQuery.queryKey, answer);
      const key =
        setting === 'nudges' ? (on ? 'onToast' : 'offToast') : on ? 'remindersOnToast' : 'remindersOffToast';
      toast.success(t(`notifications.${key}`));
    } catch {
      toast.error(t('notifications.failed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card
      className="settings-card"
      title={<CardTitle icon={<BellOutlined />}>{t('notifications.title')}</CardTitle>}
    >
      <p className="settings-card-text">{t('notifications.nudgesText')}</p>
      <label className="settings-switch">
        <Switch
          checked={data?.nudgesAllowed ?? true}
          loading={busy === 'nudges' || !data}
          onChange={(v) => void change('nudges', v)}
          aria-labelledby={nudgesLabel}
        />
        <span id={nudgesLabel}>{t('notifications.nudges')}</span>
      </label>
      <p className="settings-card-text settings-card-text-spaced">{t('notifications.remindersText')}</p>
      <label className="settings-switch">
        <Switch
          checked={data?.callReminders ?? false}
          loading={busy === 'reminders' || !data}
          onChange={(v) => void change('reminders', v)}
          aria-labelledby={remindersLabel}
        />
        <span id={remindersLabel}>{t('notifications.reminders')}</span>
      </label>
    </Card>
  );
}
