import { SafetyOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { PasswordPairFields } from './PasswordPairFields';
import { checkForcedPassword, type ForcedPasswordProblem } from './validation';
import './resetPassword.css';

const problemTexts: Record<ForcedPasswordProblem, [title: string, text: string]> = {
  required: ['reset.requiredTitle', 'reset.requiredText'],
  tooShort: ['reset.tooShortTitle', 'reset.tooShortText'],
  mismatch: ['reset.mismatchTitle', 'reset.mismatchText'],
  insecure: ['reset.insecureTitle', 'reset.insecureText'],
};

/** Checks a new password and its confirmation; a problem is told in a toast. Answers whether it passed. */
export function passesPasswordRules(t: TFunction<'auth'>, password: string, confirm: string): boolean {
  const problem = checkForcedPassword(password, confirm);
  if (problem) toast.error(t(problemTexts[problem][0]), t(problemTexts[problem][1]));
  return !problem;
}

/** The two fields' values and the busy flag of a new-password form. */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  return { password, confirm, busy, setPassword, setConfirm, setBusy };
}

/**
 * The card of both new-password screens (the forced change and the forgotten-password link):
 * title, subtitle, the password pair, then the screen's own hints and buttons.
 */
export function NewPasswordForm(props: {
  /** the screen's `auth:` texts (`<texts>.title`, `<texts>.subtitle`) and the id of its heading */
  texts: 'reset' | 'newPassword';
  form: ReturnType<typeof useNewPassword>;
  onSubmit: () => Promise<void>;
  children: ReactNode;
}) {
  const { t } = useTranslation('auth');
  const { form, texts } = props;
  const titleId = `${texts}-title`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void props.onSubmit();
  };
  return (
    <div className="center-stage">
      <section className="status-card reset-card" aria-labelledby={titleId}>
        <div className="status-icon status-icon-warn" aria-hidden="true">
          <SafetyOutlined />
        </div>
        <h1 id={titleId}>{t(`${texts}.title`)}</h1>
        <p className="reset-sub">{t(`${texts}.subtitle`)}</p>
        <form onSubmit={submit} noValidate className="reset-form">
          <PasswordPairFields
            password={form.password}
            confirm={form.confirm}
            busy={form.busy}
            onPassword={form.setPassword}
            onConfirm={form.setConfirm}
          />
          {props.children}
        </form>
      </section>
    </div>
  );
}
