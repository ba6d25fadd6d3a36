import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input, { type InputRef } from 'antd/es/input';
import { CheckCircleFilled, LockOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH, passwordBytes } from '@portal/contracts/auth/endpoints';
import { emailRule } from '../../lib/emailRule';
import type { AuthRoutes } from '@portal/contracts/auth/routes';
import type { BodyOf } from '@portal/contracts/core/http';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../components/Spinner';
import { ApiError, request, serverMessageOf } from '../../lib/api';
import { setCurrentUser, useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { openLogin, preloadLogin } from '../../lib/ui';
import { isPasscodeVerified, setPasscodeVerified } from './passcode';
import { PasscodeModal } from './PasscodeModal';
import { SponsorPicker } from './SponsorPicker';
import './register.css';
import { authApi } from '../../lib/endpoints';

type RegisterBody = BodyOf<AuthRoutes['register']>;

interface RegisterValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  newsletter: boolean;
  sponsorId?: string;
}

/** An antd rule validator's answer. */
const check = (ok: boolean, message: string) => (ok ? Promise.resolve() : Promise.reject(new Error(message)));

function RegisterPanel() {
  const { t } = useTranslation('register');
  const benefits = ['panel.benefit1', 'panel.benefit2', 'panel.benefit3', 'panel.benefit4'];
  return (
    <aside className="register-panel">
      <h1>{t('panel.title')}</h1>
      <p>{t('panel.text')}</p>
      <ul>
        {benefits.map((k) => (
          <li key={k}>
            <CheckCircleFilled aria-hidden="true" />
            <span>{t(k)}</span>
          </li>
        ))}
      </ul>
      <p className="register-panel-signin">
        {t('panel.haveAccount')}{' '}
        <button type="button" onClick={openLogin} onMouseEnter={preloadLogin} onFocus={preloadLogin}>
          {t('panel.signIn')}
        </button>
      </p>
    </aside>
  );
}

function RegisterForm({ locked, onPasscodeLost }: { locked: boolean; onPasscodeLost: () => void }) {
  const { t } = useTranslation('register');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RegisterValues>();
  const submitButton = useRef<HTMLButtonElement>(null);
  const values = Form.useWatch([], form) as Partial<RegisterValues> | undefined;
  const filled =
    !!values?.firstName?.trim() &&
    !!values?.lastName?.trim() &&
    !!values?.email?.trim() &&
    !!values?.password;
  const complete = filled && !!values?.sponsorId;
  // the sponsor-required text is the sponsor field's error, shown once the partner has left the
  // field without a sponsor, or pressed Create Account (disabled) or Enter in a text field (a
  // form whose submit button is disabled does not submit) with every other field filled; that
  // press is a try to submit, so it checks every field at once, as a submit would (a short
  // password is said together with the missing sponsor, not after the sponsor is picked)
  const askForSponsor = () => {
    if (filled && !values?.sponsorId) form.validateFields().catch(() => undefined);
  };
  const enterAsksForSponsor = (e: KeyboardEvent) => {
    if (
      e.key === 'Enter' &&
      (e.target as HTMLElement).matches('input:not([role="combobox"], [type="checkbox"])')
    )
      askForSponsor();
  };
  const passcodeLost = useCallback(() => {
    setPasscodeVerified(false);
    onPasscodeLost();
  }, [onPasscodeLost]);

  const mutation = useMutation({
    mutationFn: (body: RegisterBody) => request(authApi.register, { body, on401: 'throw' }),
    onSuccess: ({ user }) => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authApi.me.path });
      setCurrentUser(user);
      toast.success(t('form.success'), t('form.successText'), { near: submitButton.current });
      void navigate({ to: '/foundation' });
    },
    onError: (e) => {
      // a taken address is also shown on the e-mail field
      if (e instanceof ApiError && e.code === 'email_taken')
        form.setFields([{ name: 'email', errors: [serverMessageOf(e) ?? t('form.failedDefault')] }]);
      // the server forgot the passcode (new session): ask for it again
      if (e instanceof ApiError && e.code === 'passcode_required') passcodeLost();
    },
  });

  // A refusal, once the form is enabled again and laid out with the field's error (which pushes
  // Create Account down): the button is brought back on the screen, the focus goes to the e-mail
  // field that holds the error, and the toast is placed where it covers neither, or at least not
  // the button, to be pressed again (docs/decisions/partner-shell.md).
  const busy = mutation.isPending;
  const refusal = mutation.error;
  const toasted = useRef<unknown>(null);
  useEffect(() => {
    if (!refusal || busy || toasted.current === refusal) return;
    toasted.current = refusal;
    const emailTaken = refusal instanceof ApiError && refusal.code === 'email_taken';
    const emailField = emailTaken ? (form.getFieldInstance('email') as InputRef | undefined) : undefined;
    const button = submitButton.current;
    const keepInView = () => button?.scrollIntoView({ block: 'nearest' });
    keepInView();
    emailField?.focus();
    toast.error(t('form.failedTitle'), serverMessageOf(refusal) ?? t('form.failedDefault'), {
      near: [button, emailField?.input],
    });
    // the field's error opens with antd's motion (its height grows): the button again, once
    const opened = (e: TransitionEvent) => {
      if (!(e.target as Element).closest('.ant-form-item-explain')) return;
      button?.form?.removeEventListener('transitionend', opened);
      keepInView();
    };
    button?.form?.addEventListener('transitionend', opened);
    return () => button?.form?.removeEventListener('transitionend', opened);
  }, [refusal, busy, form, t]);

  // the passcode dialog, once accepted, leaves the focus nowhere (on the page body): the typing
  // goes on in the form's first field, as it would for anyone who then clicks it
  const wasLocked = useRef(locked);
  useEffect(() => {
    if (wasLocked.current && !locked) form.getFieldInstance('firstName')?.focus?.();
    wasLocked.current = locked;
  }, [locked, form]);

  const submit = (v: RegisterValues) => {
    if (!v.sponsorId) {
      form.setFields([{ name: 'sponsorId', errors: [t('form.sponsorRequired')] }]);
      return;
    }
    mutation.mutate({
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
      email: v.email.trim().toLowerCase(),
      password: v.password,
      newsletter: v.newsletter,
      sponsorId: v.sponsorId,
    });
  };

  return (
    <section className="register-card" aria-labelledby="register-title">
      <h2 id="register-title">{t('form.title')}</h2>
      <p className="register-card-sub">{t('form.subtitle')}</p>
      <Form<RegisterValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={locked || busy}
        initialValues={{ newsletter: true }}
        onFinish={submit}
        onKeyDown={enterAsksForSponsor}
        validateTrigger="onBlur"
        size="large"
        noValidate
      >
        <div className="register-row">
          <Form.Item
            name="firstName"
            label={t('form.firstName')}
            rules={[{ required: true, whitespace: true, message: t('form.firstNameRequired') }, { max: 100 }]}
          >
            <Input autoComplete="given-name" prefix={<UserOutlined />} maxLength={100} />
          </Form.Item>
          <Form.Item
            name="lastName"
            label={t('form.lastName')}
            rules={[{ required: true, whitespace: true, message: t('form.lastNameRequired') }, { max: 100 }]}
          >
            <Input autoComplete="family-name" maxLength={100} />
          </Form.Item>
        </div>
        <Form.Item
          name="email"
          label={t('form.email')}
          rules={[
            { required: true, whitespace: true, message: t('form.emailRequired') },
            emailRule(t('form.emailInvalid')),
          ]}
        >
          <Input
            type="email"
            inputMode="email"
            autoComplete="email"
            prefix={<MailOutlined />}
            maxLength={254}
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('form.password')}
          extra={t('form.passwordHelp')}
          className="hint-until-error"
          rules={[
            { required: true, message: t('form.passwordRequired') },
            { min: PASSWORD_MIN_LENGTH, message: t('form.passwordTooShort') },
            {
              validator: (_, v?: string) =>
                check(!v || passwordBytes(v) <= PASSWORD_MAX_BYTES, t('form.passwordTooLong')),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" prefix={<LockOutlined />} />
        </Form.Item>
        <Form.Item
          name="sponsorId"
          label={t('form.sponsor')}
          rules={[{ required: true, message: t('form.sponsorRequired') }]}
          validateTrigger={['onBlur', 'onChange']}
        >
          <SponsorPicker disabled={locked || busy} enabled={!locked} onPasscodeLost={passcodeLost} />
        </Form.Item>
        <Form.Item name="newsletter" valuePropName="checked">
          <Checkbox>{t('form.newsletter')}</Checkbox>
        </Form.Item>
        {/* a disabled button gets no click, but the press still reaches its parent */}
        <div onPointerDown={askForSponsor}>
          <Button
            ref={submitButton}
            type="primary"
            htmlType="submit"
            block
            loading={busy}
            disabled={!complete || locked}
          >
            {busy ? t('form.submitting') : t('form.submit')}
          </Button>
        </div>
      </Form>
    </section>
  );
}

/** /register: the passcode gate, then the two-panel registration form. */
export function RegisterPage() {
  const navigate = useNavigate();
  const session = useSession();
  const [verified, setVerified] = useState(isPasscodeVerified);
  const lost = useCallback(() => setVerified(false), []);

  // a signed-in user has nothing to register
  useEffect(() => {
    if (session.status === 'signedIn') void navigate({ to: '/dashboard', replace: true });
  }, [session.status, navigate]);

  if (session.status !== 'signedOut') return <PageSpinner />;
  return (
    <div className="register page">
      <RegisterPanel />
      <RegisterForm locked={!verified} onPasscodeLost={lost} />
      {!verified && <PasscodeModal onVerified={() => setVerified(true)} />}
    </div>
  );
}
