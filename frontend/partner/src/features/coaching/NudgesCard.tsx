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

/** Settings: nudges from the sponsor on or off (the spec's "Notifications" card). */
export function NudgesCard() {
  const { t } = useTranslation('settings');
  const { data } = useQuery(coachingQuery);
  const [busy, setBusy] = useState(false);
  const labelId = useId();

  const change = async (allowed: boolean) => {
    setBusy(true);
    try {
      const answer = await request<CoachingRoutes['setNudges']>(coachingEndpoints.setNudges, {
        body: { allowed },
      });
      queryClient.setQueryData(coachingQuery.queryKey, answer);
      toast.success(t(allowed ? 'notifications.onToast' : 'notifications.offToast'));
    } catch {
      toast.error(t('notifications.failed'));
    } finally {
      setBusy(false);
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
          loading={busy || !data}
          onChange={(v) => void change(v)}
          aria-labelledby={labelId}
        />
        <span id={labelId}>{t('notifications.nudges')}</span>
      </label>
    </Card>
  );
}
