import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { request, serverMessageOf } from '../../lib/api';
import { toast } from '../../lib/toast';
import {
  canSubmitPasswordChange,
  checkPasswordChange,
  type PasswordDraft,
  type PasswordProblem,
} from './validation';
import { authApi } from '../../lib/endpoints';

const empty: PasswordDraft = { currentPassword: '', newPassword: '', confirmPassword: '' };

const problemTexts: Record<PasswordProblem, [string, string]> = {
  allRequired: ['password.allRequiredTitle', 'password.allRequiredText'],
  mismatch: ['password.mismatchTitle', 'password.mismatchText'],
  tooShort: ['password.tooShortTitle', 'password.tooShortText'],
};

/** A refusal, said inside the dialog: a toast over a phone's dialog covered its top. */
interface Problem {
  title: string;
  text: string;
}

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const [draft, setDraft] = useState<PasswordDraft>(empty);
  const [problem, setProblem] = useState<Problem | null>(null);
  const set = (k: keyof PasswordDraft) => (e: { target: { value: string } }) => {
    setDraft((d) => ({ ...d, [k]: e.target.value }));
    setProblem(null);
  };

  const close = () => {
    setDraft(empty);
    setProblem(null);
    onClose();
  };

  const mutation = useMutation({
    mutationFn: (d: PasswordDraft) =>
      request(authApi.changePassword, {
        body: { currentPassword: d.currentPassword, newPassword: d.newPassword },
      }),
    onSuccess: () => {
      toast.success(t('password.changedTitle'), t('password.changedText'));
      close();
    },
    onError: (e) =>
      setProblem({
        title: t('password.failedTitle'),
        text: serverMessageOf(e) ?? t('password.failedDefault'),
      }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const refused = checkPasswordChange(draft);
    if (refused) {
      setProblem({ title: t(problemTexts[refused][0]), text: t(problemTexts[refused][1]) });
      return;
    }
    mutation.mutate(draft);
  };

  const busy = mutation.isPending;
  const mismatch = !!draft.confirmPassword && draft.newPassword !== draft.confirmPassword;

  return (
    <Modal
      open={open}
      onCancel={() => !busy && close()}
      title={t('password.dialogTitle')}
      footer={null}
      centered
      width={440}
      destroyOnHidden
    >
      <form className="settings-form" onSubmit={submit} noValidate>
        <label htmlFor="current-password">{t('password.current')}</label>
        <Input.Password
          id="current-password"
          autoComplete="current-password"
          value={draft.currentPassword}
          onChange={set('currentPassword')}
          disabled={busy}
          autoFocus
        />
        <label htmlFor="new-password">{t('password.new')}</label>
        <Input.Password
          id="new-password"
          autoComplete="new-password"
          value={draft.newPassword}
          onChange={set('newPassword')}
          disabled={busy}
        />
        <label htmlFor="confirm-new-password">{t('password.confirm')}</label>
        <Input.Password
          id="confirm-new-password"
          autoComplete="new-password"
          value={draft.confirmPassword}
          onChange={set('confirmPassword')}
          disabled={busy}
          status={mismatch ? 'error' : undefined}
          aria-invalid={mismatch}
        />
        {/* a refusal takes the place of the mismatch line (typing, which brings that line, clears it) */}
        {problem ? (
          <Alert
            className="settings-dialog-problem"
            type="error"
            showIcon
            title={problem.title}
            description={problem.text}
          />
        ) : (
          <div className="settings-inline-error" role="status">
            {mismatch ? t('password.mismatchText') : ''}
          </div>
        )}
        <div className="settings-actions">
          <Button onClick={close} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="primary" htmlType="submit" loading={busy} disabled={!canSubmitPasswordChange(draft)}>
            {busy ? t('password.submitting') : t('password.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
