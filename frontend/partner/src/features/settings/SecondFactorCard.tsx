import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Tag from 'antd/es/tag';
import { CheckOutlined, CopyOutlined, SafetyOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageOf } from '../../lib/api';
import { spacedKey } from '@portal/contracts/secondFactor/endpoints';
import type { User } from '../../lib/session';
import { toast } from '../../lib/toast';
import { confirmEnrolment, disableSecondFactor, refreshUser, startEnrolment } from '../secondFactor/api';
import { CardTitle } from './CardTitle';

type Step =
  | { kind: 'idle' }
  | { kind: 'scan'; secret: string; qrCode: string }
  | { kind: 'codes'; recoveryCodes: string[] }
  | { kind: 'disable' };

/**
 * Two-step verification from Settings (issue 13): optional for partners (set up with any
 * authenticator app, turned off with a current code); admins have it always.
 */
export function SecondFactorCard({ user }: { user: User }) {
  const { t } = useTranslation('settings');
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const enrolled = !!user.secondFactor?.enrolled;

  const close = () => {
    setStep({ kind: 'idle' });
    setCode('');
    setError(null);
  };
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(serverMessageOf(e) ?? t('secondFactor.failed'));
    } finally {
      setBusy(false);
    }
  };

  const start = () =>
    run(async () => {
      const { secret, qrCode } = await startEnrolment();
      setStep({ kind: 'scan', secret, qrCode });
    });
  const confirm = () =>
    run(async () => {
      const { recoveryCodes } = await confirmEnrolment(code.trim());
      setCode('');
      setStep({ kind: 'codes', recoveryCodes });
      await refreshUser();
    });
  const disable = () =>
    run(async () => {
      await disableSecondFactor(code.trim());
      await refreshUser();
      close();
      toast.success(t('secondFactor.offTitle'), t('secondFactor.offText'));
    });

  return (
    <Card
      className="settings-card"
      title={<CardTitle icon={<SafetyOutlined />}>{t('secondFactor.title')}</CardTitle>}
      extra={enrolled ? <Tag color="green">{t('secondFactor.on')}</Tag> : <Tag>{t('secondFactor.off')}</Tag>}
    >
      <p className="settings-card-text">{enrolled ? t('secondFactor.textOn') : t('secondFactor.text')}</p>
      {error && step.kind === 'idle' && (
        <p className="settings-card-text" role="alert">
          {error}
        </p>
      )}
      {enrolled ? (
        !user.isAdmin && (
          <Button onClick={() => setStep({ kind: 'disable' })}>{t('secondFactor.turnOff')}</Button>
        )
      ) : (
        <Button type="primary" loading={busy && step.kind === 'idle'} onClick={() => void start()}>
          {t('secondFactor.turnOn')}
        </Button>
      )}

      <Modal
        open={step.kind === 'scan'}
        title={t('secondFactor.setupTitle')}
        okText={t('secondFactor.confirm')}
        cancelText={t('common:actions.cancel')}
        okButtonProps={{ loading: busy, disabled: code.trim().length < 6 }}
        onOk={() => void confirm()}
        onCancel={close}
        destroyOnHidden
      >
        {step.kind === 'scan' && (
          <div className="second-factor-setup">
            <p>{t('secondFactor.scan')}</p>
            <img
              className="second-factor-qr"
              src={step.qrCode}
              alt={t('secondFactor.qrAlt')}
              width={200}
              height={200}
            />
            <p>{t('secondFactor.manual')}</p>
            <code className="second-factor-secret">{spacedKey(step.secret)}</code>
            <label htmlFor="second-factor-code">{t('secondFactor.enterCode')}</label>
            <Input
              id="second-factor-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              onPressEnter={() => code.trim().length >= 6 && void confirm()}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={7}
              status={error ? 'error' : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'second-factor-setup-error' : undefined}
              size="large"
            />
            {error && (
              <p className="second-factor-error" role="alert" id="second-factor-setup-error">
                {error}
              </p>
            )}
          </div>
        )}
      </Modal>

      <Modal
        open={step.kind === 'codes'}
        title={t('secondFactor.codesTitle')}
        okText={t('secondFactor.codesDone')}
        onOk={close}
        onCancel={close}
        footer={(_, { OkBtn }) => (
          <>
            {step.kind === 'codes' && <CopyCodes codes={step.recoveryCodes} />}
            <OkBtn />
          </>
        )}
        destroyOnHidden
      >
        {step.kind === 'codes' && (
          <>
            <p>{t('secondFactor.codesText')}</p>
            <ul className="second-factor-codes" aria-label={t('secondFactor.codesTitle')}>
              {step.recoveryCodes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </>
        )}
      </Modal>

      <Modal
        open={step.kind === 'disable'}
        title={t('secondFactor.disableTitle')}
        okText={t('secondFactor.turnOff')}
        cancelText={t('common:actions.cancel')}
        okButtonProps={{ danger: true, loading: busy, disabled: code.trim().length < 6 }}
        onOk={() => void disable()}
        onCancel={close}
        destroyOnHidden
      >
        <p>{t('secondFactor.disableText')}</p>
        <Input
          aria-label={t('secondFactor.enterCode')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          status={error ? 'error' : undefined}
          size="large"
        />
        {error && (
          <p className="second-factor-error" role="alert">
            {error}
          </p>
        )}
      </Modal>
    </Card>
  );
}

/** Copies the recovery codes, one a line, for a password manager or a note; "Copied" once done. */
function CopyCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation('settings');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      toast.error(t('secondFactor.copyFailedTitle'), t('secondFactor.copyFailedText'));
    }
  };
  return (
    <Button icon={copied ? <CheckOutlined /> : <CopyOutlined />} onClick={() => void copy()}>
      {copied ? t('secondFactor.codesCopied') : t('secondFactor.codesCopy')}
    </Button>
  );
}
