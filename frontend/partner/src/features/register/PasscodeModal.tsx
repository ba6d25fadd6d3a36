import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { KeyOutlined } from '@ant-design/icons';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { setPasscodeVerified, verifyPasscode } from './passcode';

/** The registration gate: closing it sends the visitor to the landing page. */
export function PasscodeModal({ onVerified }: { onVerified: () => void }) {
  const { t } = useTranslation('register');
  const navigate = useNavigate();
  const [passcode, setPasscode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!passcode.trim()) {
      setError(t('passcode.required'));
      return;
    }
    setBusy(true);
    setError(null);
    const result = await verifyPasscode(passcode.trim());
    setBusy(false);
    if (result === 'valid') {
      setPasscodeVerified(true);
      // at the bottom left: at the top it covered the page's heading (phone) or the form's (desktop)
      toast.success(t('passcode.grantedTitle'), t('passcode.granted'), { bottomLeft: true });
      onVerified();
    } else {
      setError(t(result === 'invalid' ? 'passcode.invalid' : 'passcode.failed'));
    }
  };

  return (
    <Modal
      open
      centered
      width={440}
      footer={null}
      maskClosable={false}
      onCancel={() => void navigate({ to: '/' })}
      className="passcode-modal"
      // the title names the dialog (aria-labelledby); it stays a heading, centred above the form
      title={
        <>
          <div className="status-icon" aria-hidden="true">
            <KeyOutlined />
          </div>
          <h2 className="passcode-title">{t('passcode.title')}</h2>
        </>
      }
      styles={{ mask: { backdropFilter: 'blur(4px)' } }}
    >
      <form className="passcode" onSubmit={(e) => void submit(e)} noValidate>
        <p className="passcode-text">{t('passcode.text')}</p>
        <label className="visually-hidden" htmlFor="passcode-input">
          {t('passcode.label')}
        </label>
        <Input.Password
          id="passcode-input"
          size="large"
          autoFocus
          autoComplete="off"
          placeholder={t('passcode.placeholder')}
          value={passcode}
          status={error ? 'error' : undefined}
          disabled={busy}
          onChange={(e) => {
            setPasscode(e.target.value);
            setError(null);
          }}
          aria-invalid={!!error}
          aria-describedby={error ? 'passcode-error' : undefined}
        />
        <div className="passcode-error" id="passcode-error" role="alert">
          {error}
        </div>
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>
          {busy ? t('passcode.submitting') : t('passcode.submit')}
        </Button>
      </form>
    </Modal>
  );
}
