import Button from 'antd/es/button';
import Input from 'antd/es/input';
import { KeyOutlined, MailOutlined } from '@ant-design/icons';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { request, serverMessageOf } from '../../lib/api';
import { toast } from '../../lib/toast';
import { openLogin } from '../../lib/ui';
import '../resetPassword/resetPassword.css';
import { authApi } from '../../lib/endpoints';
import { currentLanguage } from '../../lib/i18n';
import { isEmailAddress } from '@portal/contracts/auth/endpoints';

/**
 * /forgot-password (from the login dialog): asks for the e-mail and always answers the same
 * "check your inbox", whether or not the address has an account.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim();
    if (!address) return setProblem(t('login.emailRequired'));
    if (!isEmailAddress(address)) return setProblem(t('login.emailInvalid'));
    setBusy(true);
    try {
      // the page's language: the mail's, when the account has none stored yet
      await request(authApi.requestPasswordReset, {
        body: { email: address, language: currentLanguage() },
      });
      setSentTo(address);
    } catch (err) {
      toast.error(t('forgot.errorTitle'), serverMessageOf(err) ?? t('reset.errorText'));
    } finally {
      setBusy(false);
    }
  };

  const backToSignIn = () => {
    void navigate({ to: '/' }).then(openLogin);
  };

  return (
    <div className="center-stage">
      <section className="status-card reset-card" aria-labelledby="forgot-title">
        <div className="status-icon status-icon-warn" aria-hidden="true">
          {sentTo ? <MailOutlined /> : <KeyOutlined />}
        </div>
        {sentTo ? (
          <>
            <h1 id="forgot-title">{t('forgot.sentTitle')}</h1>
            <p className="reset-sub" role="status">
              {t('forgot.sentText', { email: sentTo })}
            </p>
          </>
        ) : (
          <>
            <h1 id="forgot-title">{t('forgot.title')}</h1>
            <p className="reset-sub">{t('forgot.subtitle')}</p>
            <form onSubmit={(e) => void submit(e)} noValidate className="reset-form">
              <label htmlFor="forgot-email">{t('forgot.email')}</label>
              <Input
                id="forgot-email"
                type="email"
                inputMode="email"
                autoComplete="username"
                size="large"
                prefix={<MailOutlined />}
                placeholder={t('login.emailPlaceholder')}
                value={email}
                disabled={busy}
                status={problem ? 'error' : undefined}
                aria-invalid={!!problem}
                aria-describedby="forgot-email-help"
                onChange={(e) => {
                  setEmail(e.target.value);
                  setProblem(null);
                }}
                autoFocus
              />
              <div id="forgot-email-help" className="reset-inline-error" role="alert">
                {problem ?? ''}
              </div>
              <Button type="primary" htmlType="submit" size="large" block loading={busy}>
                {t('forgot.submit')}
              </Button>
            </form>
          </>
        )}
        <Button type="link" block onClick={backToSignIn} disabled={busy} className="reset-signout">
          {t('forgot.back')}
        </Button>
      </section>
    </div>
  );
}
