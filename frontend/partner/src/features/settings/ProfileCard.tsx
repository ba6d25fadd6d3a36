import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Input, { type InputRef } from 'antd/es/input';
import Switch from 'antd/es/switch';
import { EditOutlined, KeyOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { request, serverMessageOf } from '../../lib/api';
import { ME_KEY, setCurrentUser, type User } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useUnsavedAnswers } from '../../lib/unsavedAnswers';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { checkProfile, profileBody, type ProfileDraft, type ProfileProblem } from './validation';
import { authApi } from '../../lib/endpoints';

const draftOf = (u: User): ProfileDraft => ({
  firstName: u.firstName,
  lastName: u.lastName,
  phoneNumber: u.phoneNumber ?? '',
  smsOptIn: u.smsOptIn,
});

const problemTexts: Record<ProfileProblem, [string, string]> = {
  nameRequired: ['profile.nameRequiredTitle', 'profile.nameRequiredText'],
  phoneRequired: ['profile.phoneRequiredTitle', 'profile.phoneRequiredText'],
};

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="profile-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function ProfileCard({ user }: { user: User }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  // the form as typed survives a session that ends before the save (lib/unsavedAnswers.ts): the
  // sign-in comes back to /settings with the form open again
  const [draft, setDraft, forgetDraft, restored] = useUnsavedAnswers('profile', draftOf(user));
  const [editing, setEditing] = useState(restored);
  const [passwordOpen, setPasswordOpen] = useState(false);
  // the focus follows the switch between the list and the form: the button that was pressed
  // leaves the page either way (Edit profile; Cancel and Save)
  const editButton = useRef<HTMLButtonElement>(null);
  const firstField = useRef<InputRef>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (wasEditing.current === editing) return;
    wasEditing.current = editing;
    if (editing) firstField.current?.focus();
    else editButton.current?.focus();
  }, [editing]);

  const mutation = useMutation({
    mutationFn: (d: ProfileDraft) => request(authApi.updateProfile, { body: profileBody(d) }),
    onSuccess: ({ user: updated }) => {
      forgetDraft();
      setCurrentUser(updated);
      void queryClient.invalidateQueries({ queryKey: ME_KEY });
      setEditing(false);
      toast.success(t('profile.updatedTitle'), t('profile.updatedText'));
    },
    onError: (e) => toast.error(t('profile.failedTitle'), serverMessageOf(e) ?? t('profile.failedDefault')),
  });

  const startEdit = () => {
    setDraft(draftOf(user));
    setEditing(true);
  };
  const cancel = () => {
    setDraft(draftOf(user));
    setEditing(false);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = checkProfile(draft);
    if (problem) {
      toast.error(t(problemTexts[problem][0]), t(problemTexts[problem][1]));
      return;
    }
    mutation.mutate(draft);
  };
  const cancelOnEscape = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || busy) return;
    e.preventDefault();
    cancel();
  };

  const problem = checkProfile(draft);
  const busy = mutation.isPending;
  const notSet = <span className="profile-empty">{t('profile.notSet')}</span>;

  return (
    <Card
      className="settings-card settings-profile"
      title={t('profile.title')}
      extra={
        !editing && (
          <Button ref={editButton} icon={<EditOutlined />} onClick={startEdit}>
            {t('profile.edit')}
          </Button>
        )
      }
    >
      <p className="settings-card-text">{t('profile.text')}</p>
      {editing ? (
        <form className="settings-form" onSubmit={submit} onKeyDown={cancelOnEscape} noValidate>
          <div className="settings-grid-2">
            <div>
              <label htmlFor="profile-first">{t('profile.firstName')}</label>
              <Input
                ref={firstField}
                id="profile-first"
                autoComplete="given-name"
                maxLength={100}
                value={draft.firstName}
                disabled={busy}
                status={!draft.firstName.trim() ? 'error' : undefined}
                onChange={(e) => setDraft((d) => ({ ...d, firstName: e.target.value }))}
              />
            </div>
            <div>
              <label htmlFor="profile-last">{t('profile.lastName')}</label>
              <Input
                id="profile-last"
                autoComplete="family-name"
                maxLength={100}
                value={draft.lastName}
                disabled={busy}
                status={!draft.lastName.trim() ? 'error' : undefined}
                onChange={(e) => setDraft((d) => ({ ...d, lastName: e.target.value }))}
              />
            </div>
          </div>
          <label htmlFor="profile-phone">{t('profile.phoneNumber')}</label>
          <Input
            id="profile-phone"
            type="tel"
            autoComplete="tel"
            maxLength={40}
            placeholder={t('profile.phonePlaceholder')}
            value={draft.phoneNumber}
            disabled={busy}
            status={problem === 'phoneRequired' ? 'error' : undefined}
            onChange={(e) => setDraft((d) => ({ ...d, phoneNumber: e.target.value }))}
          />
          <div className="settings-switch">
            <Switch
              id="profile-sms"
              checked={draft.smsOptIn}
              disabled={busy}
              onChange={(smsOptIn) => setDraft((d) => ({ ...d, smsOptIn }))}
            />
            <label htmlFor="profile-sms">{t('profile.smsOptIn')}</label>
          </div>
          <div className="settings-inline-error" role="status">
            {problem ? t(problemTexts[problem][1]) : ''}
          </div>
          <div className="settings-actions">
            <Button onClick={cancel} disabled={busy}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="primary" htmlType="submit" loading={busy} disabled={!!problem}>
              {busy ? t('common:actions.saving') : t('profile.save')}
            </Button>
          </div>
        </form>
      ) : (
        <dl className="profile-list">
          <Row label={t('profile.firstName')}>{user.firstName}</Row>
          <Row label={t('profile.lastName')}>{user.lastName}</Row>
          <Row label={t('profile.email')}>{user.email}</Row>
          <Row label={t('profile.phoneNumber')}>{user.phoneNumber || notSet}</Row>
          <Row label={t('profile.smsOptIn')}>{user.smsOptIn ? t('profile.smsOn') : t('profile.smsOff')}</Row>
          <Row label={t('profile.memberId')}>{user.uid || notSet}</Row>
          <Row label={t('profile.sponsor')}>{user.sponsorName || notSet}</Row>
        </dl>
      )}
      <div className="settings-password">
        <div>
          <div className="settings-password-title">{t('password.title')}</div>
          <div className="settings-card-text">{t('password.text')}</div>
        </div>
        <Button icon={<KeyOutlined />} onClick={() => setPasswordOpen(true)}>
          {t('password.change')}
        </Button>
      </div>
      <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </Card>
  );
}
