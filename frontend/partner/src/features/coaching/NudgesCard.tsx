import Card from 'antd/es/card';
import Switch from 'antd/es/switch';
import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { toast } from '../../lib/toast';
import { CardTitle } from '../settings/CardTitle';
import { coachingQuery } from './coachingApi';
import { coachingApi } from '../../lib/endpoints';

type Setting = 'nudges' | 'reminders';

/**
 * Settings' "Notifications" card (the spec's "coming soon" card): nudges from the sponsor, and
 * the e-mail one hour before each live call.
 */
export function NudgesCard() {
  const { t } = useTranslation('settings');
  const { data } = useQuery(coachingQuery);
  const [busy, setBusy] = useState<Setting | null>(null);

  const change = async (setting: Setting, on: boolean) => {
    setBusy(setting);
    try {
      const answer =
        setting === 'nudges'
          ? await request(coachingApi.setNudges, { body: { allowed: on } })
          : await request(coachingApi.setCallReminders, {
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
      <SettingSwitch
        label={t('notifications.nudges')}
        checked={data?.nudgesAllowed ?? true}
        loading={busy === 'nudges' || !data}
        onChange={(v) => void change('nudges', v)}
      />
      <p className="settings-card-text settings-card-text-spaced">{t('notifications.remindersText')}</p>
      <SettingSwitch
        label={t('notifications.reminders')}
        checked={data?.callReminders ?? false}
        loading={busy === 'reminders' || !data}
        onChange={(v) => void change('reminders', v)}
      />
    </Card>
  );
}

function SettingSwitch(props: {
  label: string;
  checked: boolean;
  loading: boolean;
  onChange: (on: boolean) => void;
}) {
  const labelId = useId();
  return (
    <label className="settings-switch">
      <Switch
        checked={props.checked}
        loading={props.loading}
        onChange={props.onChange}
        aria-labelledby={labelId}
      />
      <span id={labelId}>{props.label}</span>
    </label>
  );
}
