import Button from 'antd/es/button';
import { CheckCircleFilled, CloseCircleOutlined } from '@ant-design/icons';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, request, serverMessageOf } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { ME_KEY } from '../../lib/session';
import { toast } from '../../lib/toast';
import { openLogin } from '../../lib/ui';
import { NewPasswordForm, passesPasswordRules, useNewPassword } from '../resetPassword/NewPasswordForm';
import '../resetPassword/resetPassword.css';
import { authApi } from '../../lib/endpoints';

const TOKEN = /^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/;

/** The token travels in the address's fragment (`#token=`), which browsers never send to a server. */
const tokenFromHash = () => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';

/** /new-password#token=…: the page a forgotten-password e-mail links to. */
export function NewPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [token] = useState(tokenFromHash);
  const form = useNewPassword();
  const { password, confirm, busy, setBusy } = form;
  const [state, setState] = useState<'form' | 'done' | 'invalid'>(TOKEN.test(token) ? 'form' : 'invalid');

  const submit = async () => {
    if (!passesPasswordRules(t, password, confirm)) return;
    setBusy(true);
    try {
      await request(authApi.completePasswordReset, {
        body: { token, newPassword: password },
      });
      // every session of the account has ended, this browser's too
      queryClient.setQueryData(ME_KEY, null);
      setState('done');
      toast.success(t('newPassword.doneTitle'), t('newPassword.doneText'));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'reset_link_invalid') setState('invalid');
      else toast.error(t('newPassword.failedTitle'), serverMessageOf(err) ?? t('reset.errorText'));
    } finally {
      setBusy(false);
    }
  };

  const signIn = () => {
    void navigate({ to: '/' }).then(openLogin);
  };

  if (state !== 'form')
    return (
      <div className="center-stage">
        <section className="status-card reset-card" aria-labelledby="new-password-title">
          <div className={`status-icon ${state === 'done' ? '' : 'status-icon-danger'}`} aria-hidden="true">
            {state === 'done' ? <CheckCircleFilled /> : <CloseCircleOutlined />}
          </div>
          <h1 id="new-password-title">
            {state === 'done' ? t('newPassword.doneTitle') : t('newPassword.invalidTitle')}
          </h1>
          <p className="reset-sub" role="status">
            {state === 'done' ? t('newPassword.doneText') : t('newPassword.invalidText')}
          </p>
          {state === 'done' ? (
            <Button type="primary" size="large" block onClick={signIn}>
              {t('newPassword.signIn')}
            </Button>
          ) : (
            <Button
              type="primary"
              size="large"
              block
              onClick={() => void navigate({ to: '/forgot-password' })}
            >
              {t('newPassword.askAgain')}
            </Button>
          )}
        </section>
      </div>
    );

  return (
    <NewPasswordForm texts="newPassword" form={form} onSubmit={submit}>
      <Button type="primary" htmlType="submit" size="large" block loading={busy}>
        {busy ? t('newPassword.submitting') : t('newPassword.submit')}
      </Button>
    </NewPasswordForm>
  );
}
