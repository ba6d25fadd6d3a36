import Input from 'antd/es/input';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * The new password and its confirmation, with the inline "do not match" line: the forced change
 * and the forgotten-password page share it.
 */
export function PasswordPairFields(props: {
  password: string;
  confirm: string;
  busy: boolean;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
}) {
  const { t } = useTranslation('auth');
  const mismatch = !!props.confirm && props.password !== props.confirm;
  return (
    <>
      <label htmlFor="new-password">{t('reset.newPassword')}</label>
      <Input.Password
        id="new-password"
        size="large"
        autoComplete="new-password"
        prefix={<LockOutlined />}
        placeholder={t('reset.newPasswordPlaceholder')}
        value={props.password}
        disabled={props.busy}
        onChange={(e) => props.onPassword(e.target.value)}
        autoFocus
      />
      <label htmlFor="confirm-password">{t('reset.confirmPassword')}</label>
      <Input.Password
        id="confirm-password"
        size="large"
        autoComplete="new-password"
        prefix={<LockOutlined />}
        placeholder={t('reset.confirmPasswordPlaceholder')}
        value={props.confirm}
        disabled={props.busy}
        status={mismatch ? 'error' : undefined}
        aria-invalid={mismatch}
        aria-describedby="confirm-help"
        onChange={(e) => props.onConfirm(e.target.value)}
      />
      <div id="confirm-help" className="reset-inline-error" role="status">
        {mismatch ? t('reset.mismatchInline') : ''}
      </div>
    </>
  );
}
