import Card from 'antd/es/card';
import Switch from 'antd/es/switch';
import { BellOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { toast } from '../../lib/toast';
import { CardTitle } from '../settings/CardTitle';
import { type Coaching, coachingQuery } from './coachingApi';
import { coachingApi } from '../../lib/endpoints';

/** Both switches write the same coaching state: one write at a time, in the order flipped. */
const SETTINGS_SCOPE = { id: 'coaching-settings' };

type SettingChange = {
  send: (on: boolean) => Promise<Coaching>;
  toasts: { on: string; off: string };
};

const nudgesChange: SettingChange = {
  send: (allowed) => request(coachingApi.setNudges, { body: { allowed } }),
  toasts: { on: 'onToast', off: 'offToast' },
};
const remindersChange: SettingChange = {
  send: (enabled) => request(coachingApi.setCallReminders, { body: { enabled } }),
  toasts: { on: 'remindersOnToast', off: 'remindersOffToast' },
};

/**
 * One switch's write. Each answer is the whole coaching state, so the writes share a scope and
 * run one after another: the last answer to arrive is the one that saw every earlier write
 * (two switches flipped quickly could otherwise answer out of order and show the older state).
 */
function useSettingChange({ send, toasts }: SettingChange) {
  const { t } = useTranslation('settings');
  return useMutation({
    scope: SETTINGS_SCOPE,
    mutationFn: send,
    onSuccess: (answer, on) => {
      queryClient.setQueryData(coachingQuery.queryKey, answer);
      toast.success(t(`notifications.${on ? toasts.on : toasts.off}`));
    },
    onError: () => toast.error(t('notifications.failed')),
  });
}

/**
 * Settings' "Notifications" card (the spec's "coming soon" card): nudges from the sponsor, and
 * the e-mail one hour before each live call.
 */
export function NudgesCard() {
  const { t } = useTranslation('settings');
  const { data } = useQuery(coachingQuery);
  const nudges = useSettingChange(nudgesChange);
  const reminders = useSettingChange(remindersChange);

  return (
    <Card
      className="settings-card"
      title={<CardTitle icon={<BellOutlined />}>{t('notifications.title')}</CardTitle>}
    >
      <p className="settings-card-text">{t('notifications.nudgesText')}</p>
      <SettingSwitch
        label={t('notifications.nudges')}
        checked={data?.nudgesAllowed ?? true}
        loading={nudges.isPending || !data}
        onChange={(on) => nudges.mutate(on)}
      />
      <p className="settings-card-text settings-card-text-spaced">{t('notifications.remindersText')}</p>
      <SettingSwitch
        label={t('notifications.reminders')}
        checked={data?.callReminders ?? false}
        loading={reminders.isPending || !data}
        onChange={(on) => reminders.mutate(on)}
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
