import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Switch from 'antd/es/switch';
import { BellOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { toast } from '../../lib/toast';
import { CardTitle } from '../settings/CardTitle';
import { type Coaching, coachingQuery } from './coachingApi';
import { coachingApi } from '../../lib/endpoints';
import { CALL_TIME_ZONE } from '@portal/contracts/academy/schedule';
import { deviceTimeZone, sameTimeZone, timeZoneLabel } from './timeZones';

/** Both switches write the same coaching state: one write at a time, in the order flipped. */
const SETTINGS_SCOPE = { id: 'coaching-settings' };

type SettingChange = {
  send: (on: boolean) => Promise<Coaching>;
  /** the toast's text: a key of `notifications`, and its values */
  toast: (on: boolean, answer: Coaching) => [key: string, values?: Record<string, string>];
};

const nudgesChange: SettingChange = {
  send: (allowed) => request(coachingApi.setNudges, { body: { allowed } }),
  toast: (on) => [on ? 'onToast' : 'offToast'],
};
/** Turning reminders on sends this device's zone (turning them off needs none). */
const remindersChange: SettingChange = {
  send: (enabled) =>
    request(coachingApi.setCallReminders, {
      body: enabled ? { enabled, timeZone: deviceTimeZone() } : { enabled },
    }),
  toast: (on) => [on ? 'remindersOnToast' : 'remindersOffToast'],
};
/** Moves reminders to this device's zone (nothing changes if they were turned off meanwhile). */
const zoneChange: SettingChange = {
  send: () => request(coachingApi.setCallReminders, { body: { timeZone: deviceTimeZone() } }),
  toast: (_on, answer) =>
    answer.callReminders
      ? ['zoneToast', { zone: answer.callReminderTimeZone ?? CALL_TIME_ZONE }]
      : ['remindersOffToast'],
};

/**
 * One switch's write. Each answer is the whole coaching state, so the writes share a scope and
 * run one after another: the last answer to arrive is the one that saw every earlier write
 * (two switches flipped quickly could otherwise answer out of order and show the older state).
 */
function useSettingChange({ send, toast: toastText }: SettingChange) {
  const { t, i18n } = useTranslation('settings');
  return useMutation({
    scope: SETTINGS_SCOPE,
    mutationFn: send,
    onSuccess: (answer, on) => {
      queryClient.setQueryData(coachingQuery.queryKey, answer);
      const [key, values] = toastText(on, answer);
      const zone = values?.zone && timeZoneLabel(values.zone, i18n.language);
      toast.success(t(`notifications.${key}`, { ...values, zone }));
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
  const zone = useSettingChange(zoneChange);

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
      {data?.callReminders && (
        <ReminderZone
          stored={data.callReminderTimeZone ?? CALL_TIME_ZONE}
          saving={zone.isPending || reminders.isPending}
          onUseDevice={() => zone.mutate(true)}
        />
      )}
    </Card>
  );
}

/**
 * The zone of the start times in the reminders, and, on a device set to another zone, a button
 * that moves the reminders to it (a partner who moved, or turned them on while travelling).
 */
function ReminderZone(props: { stored: string; saving: boolean; onUseDevice: () => void }) {
  const { t, i18n } = useTranslation('settings');
  const device = deviceTimeZone();
  const line = useRef<HTMLParagraphElement>(null);
  const offered = device !== undefined && !sameTimeZone(device, props.stored);
  const wasOffered = useRef(offered);
  // the button goes once used: keyboard focus moves to the line that names the new zone
  useEffect(() => {
    if (wasOffered.current && !offered && document.activeElement === document.body) line.current?.focus();
    wasOffered.current = offered;
  }, [offered]);
  return (
    <div className="reminder-zone">
      <p className="settings-card-text" ref={line} tabIndex={-1}>
        {t('notifications.zone', { zone: timeZoneLabel(props.stored, i18n.language) })}
      </p>
      {offered && (
        <Button size="small" loading={props.saving} onClick={props.onUseDevice}>
          {t('notifications.useDeviceZone', { zone: timeZoneLabel(device, i18n.language) })}
        </Button>
      )}
    </div>
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
