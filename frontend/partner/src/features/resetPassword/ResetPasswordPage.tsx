import Button from 'antd/es/button';
import { CheckCircleFilled } from '@ant-design/icons';
import { useNavigate } from '@tanstack/react-router';
import { INSECURE_PASSWORD, PASSWORD_MIN_LENGTH } from '@portal/contracts/auth/endpoints';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, request, serverMessageOf } from '../../lib/api';
import { setCurrentUser, signOut, useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { canSubmitForcedPassword } from './validation';
import {
  differsFromTemporary,
  forgetTemporaryPassword,
  rememberTemporaryPassword,
} from './temporaryPassword';
import { NewPasswordForm, passesPasswordRules, useNewPassword } from './NewPasswordForm';
import { authApi } from '../../lib/endpoints';
import { useWelcomeDue, welcomeShown } from './welcome';

function Hint({ ok, children }: { ok: boolean | null; children: string }) {
  return (
    <li className={ok ? 'reset-rule reset-rule-ok' : 'reset-rule'}>
      <CheckCircleFilled aria-hidden="true" />
      <span>{children}</span>
    </li>
  );
}

/**
 * The forced password change (a temporary password must be replaced). Shown in place of any
 * route while the user has mustChangePassword; `onDone` runs after the new user is stored.
 */
export function ForcedPasswordScreen({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation('auth');
  const form = useNewPassword();
  const { password, confirm, busy, setBusy } = form;

  // the sign-in's welcome, once the card is laid out: where it covers neither the card's heading
  // nor its first field (on a phone, at the bottom)
  const welcomeDue = useWelcomeDue();
  useEffect(() => {
    if (!welcomeDue) return;
    welcomeShown();
    toast.success(t('login.successTitle'), t('login.successText'), {
      // NewPasswordForm's heading, PasswordPairFields' first field
      near: [document.getElementById('reset-title'), document.getElementById('new-password')],
    });
  }, [welcomeDue, t]);

  const submit = async () => {
    if (!passesPasswordRules(t, password, confirm) || !canSubmitForcedPassword(password, confirm, busy))
      return;
    if (differsFromTemporary(password) === false) {
      toast.error(t('reset.failedTitle'), t('reset.sameAsTemporary'));
      return;
    }
    setBusy(true);
    try {
      const { user } = await request(authApi.resetRequiredPassword, {
        body: { newPassword: password },
      });
      toast.success(t('reset.successTitle'), t('reset.successText'));
      forgetTemporaryPassword();
      setCurrentUser(user);
      onDone?.();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'same_password') {
        // the server compared it with the temporary password: now it is known here too
        rememberTemporaryPassword(password);
        toast.error(t('reset.failedTitle'), t('reset.sameAsTemporary'));
      } else if (err instanceof ApiError)
        toast.error(t('reset.failedTitle'), serverMessageOf(err) ?? t('reset.failedDefault'));
      else toast.error(t('reset.errorTitle'), t('reset.errorText'));
      setBusy(false);
    }
  };

  return (
    <NewPasswordForm texts="reset" form={form} onSubmit={submit}>
      <div className="reset-hints">
        <div className="reset-hints-title">{t('reset.hintsTitle')}</div>
        <ul>
          <Hint ok={password.length >= PASSWORD_MIN_LENGTH}>{t('reset.hintLength')}</Hint>
          <Hint ok={!!password && password === confirm}>{t('reset.hintMatch')}</Hint>
          <Hint ok={differsFromTemporary(password)}>{t('reset.hintDifferent')}</Hint>
          <Hint ok={!!password && password !== INSECURE_PASSWORD}>{t('reset.hintSecure')}</Hint>
        </ul>
      </div>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={busy}
        disabled={!canSubmitForcedPassword(password, confirm, busy)}
      >
        {busy ? t('reset.submitting') : t('reset.submit')}
      </Button>
      <Button type="link" block onClick={() => void signOut()} disabled={busy} className="reset-signout">
        {t('reset.signOut')}
      </Button>
    </NewPasswordForm>
  );
}

/** /reset-password: the standalone screen; continues to / afterwards, and sends unflagged users to /. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const { user } = useSession();
  const flagged = !!user?.mustChangePassword;
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (user && !flagged) void navigate({ to: '/', replace: true });
  }, [user, flagged, navigate]);

  if (!flagged || done) return null;
  return <ForcedPasswordScreen onDone={() => setDone(true)} />;
}
