import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input, { type InputRef } from 'antd/es/input';
import Modal from 'antd/es/modal';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, serverMessageOf } from '../lib/api';
import { emailRule } from '../lib/emailRule';
import { describedByError, errorUnderField, signInFormLayout } from '../components/formError';
import { toast } from '../lib/toast';
import { closeLogin, setAuthenticating, ui } from '../lib/ui';
import { noticeShown, sessionEnded } from '../lib/returnTo';
import type { User } from '../lib/session';
import { CodeStep } from '../features/secondFactor/CodeStep';
import { welcomeOnForcedChange } from '../features/resetPassword/welcome';
import { abandonSignIn, delay, destinationAfterSignIn, POST_LOGIN_DELAY_MS, signIn } from './signIn';

interface LoginValues {
  email: string;
  password: string;
}

const ERROR_ID = 'login-error';

/** 'Training Login': its own chunk, loaded when the dialog is first wanted. */
export default function LoginDialog() {
  const { t } = useTranslation('auth');
  const open = ui.use((s) => s.loginOpen);
  const navigate = useNavigate();
  const [form] = Form.useForm<LoginValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // after a failed attempt the (cleared) password field takes the focus, once the form is enabled again
  const [refocus, setRefocus] = useState(0);
  // the second step of an account with a second factor (issue 13)
  const [codeStep, setCodeStep] = useState(false);
  const [codeBusy, setCodeBusy] = useState(false);
  // the server ended the session on a page the sign-in will come back to: said once
  const [ended, setEnded] = useState(false);

  // the error is cleared whenever the dialog opens; a closed dialog starts again with the password
  useEffect(() => {
    if (open) {
      setError(null);
      setEnded(sessionEnded());
      noticeShown();
    } else {
      setCodeStep(false);
      // a code step that signed in closed the dialog before it could say it was done
      setCodeBusy(false);
    }
  }, [open]);
  useEffect(() => {
    if (refocus) form.getFieldInstance('password')?.focus?.();
  }, [refocus, form]);

  const submit = async ({ email, password }: LoginValues) => {
    setBusy(true);
    setError(null);
    setAuthenticating(true);
    try {
      const user = await signIn(email.trim(), password);
      if (user.secondFactor?.pending === 'verify') setCodeStep(true);
      else await signedIn(user);
    } catch (e) {
      const message = serverMessageOf(e);
      // a locked-out partner who forgot the password learns the way in: a new one (from this device
      // it lifts the account's lockout; the limit per client address stays)
      const lockedOut = e instanceof ApiError && e.code === 'too_many_attempts';
      const hint = lockedOut ? ` ${t('login.lockedHint', { link: t('login.forgotPassword') })}` : '';
      setError((message ?? t('login.failedDefault')) + hint);
      // the toast keeps clear of the e-mail field that shows the error (on a phone, of the dialog)
      toast.error(t('login.failedTitle'), message ?? t('login.failedDefault'), {
        near: (form.getFieldInstance('email') as InputRef | undefined)?.input,
      });
      form.setFieldValue('password', '');
      setRefocus((n) => n + 1);
    } finally {
      setAuthenticating(false);
      setBusy(false);
    }
  };

  // once the dialog has opened, the e-mail field takes the focus; not when the visitor is already
  // in one of its fields: on a slow phone the opening animation may end while they type the
  // password, and taking the focus then sent the rest of it into the e-mail field
  const focusEmailUnlessInAField = () => {
    const email = form.getFieldInstance('email') as InputRef | undefined;
    if (!email?.input?.form?.contains(document.activeElement)) email?.focus();
  };

  const toForgotPassword = () => {
    closeLogin();
    void navigate({ to: '/forgot-password' });
  };

  const signedIn = async (user: User) => {
    closeLogin();
    form.resetFields();
    // the forced change screen shows it, once laid out, away from its heading and first field
    if (user.mustChangePassword) welcomeOnForcedChange();
    else toast.success(t('login.successTitle'), t('login.successText'));
    const to = await destinationAfterSignIn(user);
    await delay(POST_LOGIN_DELAY_MS);
    await navigate({ href: to });
  };

  const toRegister = () => {
    closeLogin();
    void navigate({ to: '/register' });
  };

  return (
    <Modal
      open={open}
      onCancel={() => {
        // not while a password or a code is being checked: a code that passed meanwhile signed in
        if (busy || codeBusy) return;
        // leaving at the code step leaves no half-signed-in session behind (it would hold every
        // page on the code screen while this one looks signed out)
        if (codeStep) abandonSignIn();
        closeLogin();
      }}
      footer={null}
      centered
      width={420}
      maskClosable={!busy && !codeBusy}
      keyboard={!busy && !codeBusy}
      title={
        <div className="login-head">
          <div className="login-title">{t('login.title')}</div>
          <div className="login-subtitle">{codeStep ? t('secondFactor.title') : t('login.subtitle')}</div>
        </div>
      }
      afterOpenChange={(o) => o && focusEmailUnlessInAField()}
    >
      {ended && !codeStep && (
        <p className="login-notice" role="status">
          {t('login.sessionEnded')}
        </p>
      )}
      {codeStep && <CodeStep onVerified={(user) => void signedIn(user)} onBusyChange={setCodeBusy} />}
      <Form<LoginValues>
        hidden={codeStep}
        form={form}
        {...signInFormLayout}
        disabled={busy}
        onFinish={(v) => void submit(v)}
        onValuesChange={() => error && setError(null)}
      >
        <Form.Item
          name="email"
          label={t('login.email')}
          {...errorUnderField(error, ERROR_ID)}
          rules={[
            { required: true, whitespace: true, message: t('login.emailRequired') },
            emailRule(t('login.emailInvalid')),
          ]}
        >
          <Input
            type="email"
            inputMode="email"
            autoComplete="username"
            prefix={<MailOutlined />}
            placeholder={t('login.emailPlaceholder')}
            size="large"
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('login.password')}
          rules={[{ required: true, message: t('login.passwordRequired') }]}
        >
          <Input.Password
            autoComplete="current-password"
            {...describedByError(error, ERROR_ID)}
            prefix={<LockOutlined />}
            placeholder={t('login.passwordPlaceholder')}
            size="large"
          />
        </Form.Item>
        <div className="login-forgot">
          <Button type="link" size="small" onClick={toForgotPassword} disabled={busy}>
            {t('login.forgotPassword')}
          </Button>
        </div>
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>
          {t('login.submit')}
        </Button>
      </Form>
      <div className="login-footer" hidden={codeStep}>
        <span>{t('login.needAccess')}</span>{' '}
        <Button type="link" size="small" onClick={toRegister} disabled={busy}>
          {t('login.contactSupport')}
        </Button>
      </div>
    </Modal>
  );
}
