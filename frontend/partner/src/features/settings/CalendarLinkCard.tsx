import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Modal from 'antd/es/modal';
import { CalendarOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { toast } from '../../lib/toast';
import { CardTitle } from './CardTitle';
import { academyApi } from '../../lib/endpoints';

/**
 * The personal live-call calendar link (the feed a calendar app subscribes to): replacing it
 * stops the old address at once, for a link shared by mistake. A new password replaces it too.
 */
export function CalendarLinkCard() {
  const { t } = useTranslation('settings');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const replace = async () => {
    setBusy(true);
    try {
      await request(academyApi.rotateCalendarLink, { body: {} });
      await queryClient.invalidateQueries({ queryKey: [academyApi.liveCalls.path] });
      setConfirming(false);
      toast.success(t('calendar.doneTitle'), t('calendar.doneText'));
    } catch {
      toast.error(t('calendar.failedTitle'), t('calendar.failedText'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      className="settings-card"
      title={<CardTitle icon={<CalendarOutlined />}>{t('calendar.title')}</CardTitle>}
    >
      <p className="settings-card-text">{t('calendar.text')}</p>
      <Button onClick={() => setConfirming(true)}>{t('calendar.replace')}</Button>
      <Modal
        open={confirming}
        title={t('calendar.confirmTitle')}
        okText={t('calendar.confirmOk')}
        cancelText={t('common:actions.cancel')}
        okButtonProps={{ danger: true, loading: busy }}
        onOk={() => void replace()}
        onCancel={() => setConfirming(false)}
        destroyOnHidden
      >
        <p>{t('calendar.confirmText')}</p>
      </Modal>
    </Card>
  );
}
