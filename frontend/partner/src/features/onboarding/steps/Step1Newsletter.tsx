import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import {
  CheckCircleFilled,
  ExclamationCircleFilled,
  MailOutlined,
  ReloadOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import {
  NEWSLETTER_STATUS_KEY,
  newsletterStatusQuery,
  recheckNewsletterSoon,
  subscribeNewsletter,
  unsubscribeNewsletter,
} from '../api';
import type { StepProps } from './types';

/** Step 1, Get Connected: the newsletter (complete exactly when subscribed) and the partner's sponsor. */
export function Step1Newsletter({ goTo }: StepProps) {
  const { t } = useTranslation('onboarding');
  const { user } = useSession();
  const queryClient = useQueryClient();
  const status = useQuery(newsletterStatusQuery);
  const [busy, setBusy] = useState<'subscribe' | 'unsubscribe' | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const subscribe = async () => {
    if (!user) return;
    setBusy('subscribe');
    try {
      const res = await subscribeNewsletter({
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
      });
      queryClient.setQueryData(NEWSLETTER_STATUS_KEY, { subscribed: res.subscribed, status: res.status });
      recheckNewsletterSoon();
      if (res.subscribed) {
        toast.success(t('step1.subscribedTitle'), t('step1.subscribedText'));
        goTo(2);
      } else {
        toast.info(t('step1.pendingTitle'), t('step1.pendingText'));
      }
    } catch {
      toast.error(t('step1.subscribeFailedTitle'), t('step1.subscribeFailedText'));
    } finally {
      setBusy(null);
    }
  };

  const unsubscribe = async () => {
    setBusy('unsubscribe');
    try {
      const res = await unsubscribeNewsletter();
      queryClient.setQueryData(NEWSLETTER_STATUS_KEY, { subscribed: res.subscribed, status: res.status });
      recheckNewsletterSoon();
      setConfirmOpen(false);
      toast.info(t('step1.unsubscribedTitle'), t('step1.unsubscribedText'));
    } catch {
      toast.error(t('step1.unsubscribeFailedTitle'), t('step1.unsubscribeFailedText'));
    } finally {
      setBusy(null);
    }
  };

  const data = status.data;
  const checking = status.isPending || (status.isFetching && !data);

  return (
    <div className="ob-step">
      <p className="ob-lead">{t('step1.lead')}</p>

      <div
        className="ob-panel"
        aria-live="polite"
        data-state={checking ? 'checking' : (data?.status ?? 'checking')}
      >
        <div className="ob-panel-icon" aria-hidden="true">
          <MailOutlined />
        </div>
        <div className="ob-panel-body">
          <h3>{t('step1.newsletterTitle')}</h3>
          {checking ? (
            <p className="ob-status ob-status-muted">
              <Spinner small label={t('step1.checking')} /> {t('step1.checking')}
            </p>
          ) : data?.status === 'error' ? (
            <>
              <p className="ob-status ob-status-warn">
                <ExclamationCircleFilled /> {t('step1.error')}
              </p>
              <Button
                icon={<ReloadOutlined />}
                onClick={() => void status.refetch()}
                loading={status.isFetching}
              >
                {t('step1.retry')}
              </Button>
            </>
          ) : data?.subscribed ? (
            <>
              <p className="ob-status ob-status-ok">
                <CheckCircleFilled /> {t('step1.subscribed')}
              </p>
              <p className="ob-muted">{t('step1.subscribedNote', { email: user?.email ?? '' })}</p>
              <div className="ob-actions">
                <Button type="primary" onClick={() => goTo(2)}>
                  {t('nav.continueTo', { n: 2 })}
                </Button>
                <Button type="text" onClick={() => setConfirmOpen(true)} disabled={busy !== null}>
                  {t('step1.unsubscribe')}
                </Button>
              </div>
            </>
          ) : (
            <>
              <p className="ob-status ob-status-muted">
                {data?.status === 'pending' ? t('step1.pending') : t('step1.notSubscribed')}
              </p>
              <p className="ob-muted">{t('step1.why')}</p>
              <Button
                type="primary"
                size="large"
                onClick={() => void subscribe()}
                loading={busy === 'subscribe'}
              >
                {t('step1.subscribe')}
              </Button>
            </>
          )}
        </div>
      </div>

      {user?.sponsorName && (
        <div className="ob-panel ob-panel-quiet">
          <div className="ob-panel-icon" aria-hidden="true">
            <TeamOutlined />
          </div>
          <div className="ob-panel-body">
            <h3>{t('step1.sponsorTitle')}</h3>
            <p className="ob-muted">{t('step1.sponsorText', { name: user.sponsorName })}</p>
          </div>
        </div>
      )}

      <Modal
        open={confirmOpen}
        title={t('step1.confirmTitle')}
        okText={t('step1.confirmOk')}
        cancelText={t('common:actions.cancel')}
        okButtonProps={{ danger: true, loading: busy === 'unsubscribe' }}
        onOk={() => void unsubscribe()}
        onCancel={() => setConfirmOpen(false)}
        destroyOnHidden
      >
        <p>{t('step1.confirmText')}</p>
      </Modal>
    </div>
  );
}
