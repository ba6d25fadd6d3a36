import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import { useQuery } from '@tanstack/react-query';
import { NUDGE_NOTE_MAX, STALLED_DAYS_DEFAULT } from '@portal/contracts/coaching/endpoints';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request, serverMessageOf } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { toast } from '../../lib/toast';
import { needsAttentionQuery, type StalledPartner } from './coachingApi';
import { coachingApi } from '../../lib/endpoints';

/** /partners: the sponsor's partners without progress for N days, and "Send a nudge". */
export function NeedsAttention() {
  const { t } = useTranslation('partners');
  const [days, setDays] = useState(STALLED_DAYS_DEFAULT);
  const { data } = useQuery(needsAttentionQuery(days));
  const [target, setTarget] = useState<StalledPartner | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  const send = async () => {
    if (!target) return;
    setBusy(true);
    try {
      await request(coachingApi.sendNudge, {
        params: { partnerId: target.id },
        body: { note: note.trim() || null },
      });
      toast.success(t('attention.sentTitle'), t('attention.sentText', { name: target.firstName }));
      setTarget(null);
      setNote('');
      await queryClient.invalidateQueries({ queryKey: [coachingApi.needsAttention.path] });
    } catch (err) {
      toast.error(t('attention.failedTitle'), serverMessageOf(err) ?? '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      className="partners-attention"
      title={t('attention.title')}
      extra={
        <label className="partners-attention-days">
          <span className="partners-attention-days-label">{t('attention.days')}</span>
          <InputNumber
            className="partners-attention-days-input"
            min={1}
            max={365}
            size="small"
            value={days}
            onChange={(v) => typeof v === 'number' && setDays(v)}
          />
        </label>
      }
    >
      {data && data.partners.length === 0 && (
        <p className="partners-attention-empty">{t('attention.none')}</p>
      )}
      <ul className="partners-attention-list">
        {data?.partners.map((p) => (
          <li key={p.id}>
            <span className="partners-attention-name">
              {p.firstName} {p.lastName}
            </span>
            <span className="partners-attention-meta">
              {t('attention.step', { step: p.currentStep })} · {t('attention.since', { count: p.daysSince })}
            </span>
            {/* one button per partner: its name says whose ("Send a nudge" four times said nothing) */}
            <Button
              size="small"
              disabled={p.nudgesOff}
              onClick={() => setTarget(p)}
              aria-label={
                p.nudgesOff ? undefined : t('attention.dialogTitle', { name: `${p.firstName} ${p.lastName}` })
              }
            >
              {p.nudgesOff ? t('attention.off') : t('attention.nudge')}
            </Button>
          </li>
        ))}
      </ul>
      <Modal
        open={!!target}
        title={t('attention.dialogTitle', { name: target?.firstName ?? '' })}
        okText={t('attention.send')}
        cancelText={t('common:actions.cancel')}
        okButtonProps={{ loading: busy }}
        onOk={() => void send()}
        onCancel={() => setTarget(null)}
        destroyOnHidden
      >
        {/* what the mail job sends (worker/src/jobs/mail.ts, the "nudge" template) */}
        <p id="nudge-what" className="partners-nudge-what">
          {t('attention.dialogWhat', { name: target?.firstName ?? '' })}
        </p>
        <label htmlFor="nudge-note">{t('attention.note')}</label>
        <Input.TextArea
          id="nudge-note"
          aria-describedby="nudge-what"
          rows={3}
          maxLength={NUDGE_NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </Modal>
    </Card>
  );
}
