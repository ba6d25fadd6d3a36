import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { SafetyOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageOf } from '../../lib/api';
import { describedByError, errorUnderField, signInFormLayout } from '../../components/formError';
import type { User } from '../../lib/session';
import { passSecondFactor } from './api';

interface Values {
  code: string;
}
const ERROR_ID = 'second-factor-error';

/**
 * The second step of a sign-in (issue 13): the 6-digit code from the authenticator app, or one
 * of the recovery codes. Used by the login dialog and by the screen a half-signed-in reload shows.
 */
export function CodeStep({
  onVerified,
  onCancel,
  onBusyChange,
}: {
  onVerified: (user: User) => void;
  onCancel?: () => void;
  /** told while a code is being checked (the login dialog then cannot be closed) */
  onBusyChange?: (busy: boolean) => void;
}) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<Values>();
  const [recovery, setRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  const submit = async ({ code }: Values) => {
    setBusy(true);
    setError(null);
    try {
      const user = await passSecondFactor(recovery ? { recoveryCode: code.trim() } : { code: code.trim() });
      onVerified(user);
    } catch (e) {
      setError(serverMessageOf(e) ?? t('secondFactor.failed'));
      form.setFieldValue('code', '');
    } finally {
      setBusy(false);
    }
  };

  const toggle = () => {
    setRecovery((r) => !r);
    setError(null);
    form.resetFields();
  };

  return (
    <Form<Values>
      form={form}
      {...signInFormLayout}
      disabled={busy}
      onFinish={(v) => void submit(v)}
      onValuesChange={() => error && setError(null)}
    >
      <p className="login-step-text">{recovery ? t('secondFactor.recoveryText') : t('secondFactor.text')}</p>
      <Form.Item
        name="code"
        label={recovery ? t('secondFactor.recoveryCode') : t('secondFactor.code')}
        {...errorUnderField(error, ERROR_ID)}
        rules={[
          { required: true, whitespace: true, message: t('secondFactor.required') },
          ...(recovery ? [] : [{ pattern: /^\s*\d{3}\s?\d{3}\s*$/, message: t('secondFactor.sixDigits') }]),
        ]}
      >
        <Input
          autoFocus
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          maxLength={recovery ? 20 : 7}
          prefix={<SafetyOutlined />}
          placeholder={recovery ? 'XXXXX-XXXXX' : undefined}
          {...describedByError(error, ERROR_ID)}
          size="large"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={busy}>
        {t('secondFactor.submit')}
      </Button>
      <div className="login-footer">
        <Button type="link" size="small" onClick={toggle} disabled={busy}>
          {recovery ? t('secondFactor.useApp') : t('secondFactor.useRecovery')}
        </Button>
        {onCancel && (
          <Button type="link" size="small" onClick={onCancel} disabled={busy}>
            {t('secondFactor.cancel')}
          </Button>
        )}
      </div>
    </Form>
  );
}
