import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import DialogContentText from '@mui/material/DialogContentText';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import KeyIcon from '@mui/icons-material/Key';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import AdminIcon from '@mui/icons-material/AdminPanelSettings';
import {
  AutocompleteInput,
  BooleanInput,
  Confirm,
  DeleteButton,
  Edit,
  ReferenceInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  TopToolbar,
  email,
  maxLength,
  regex,
  required,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
  useRedirect,
  useSaveContext,
  type HttpError,
} from 'react-admin';
import type { AdminUser } from '@portal/contracts/admin/schemas';
import type { AdminDataProvider } from '../dataProvider';
import { LastLogin, useFormat } from '../lib/format';
import { ProgressCell } from './UserList';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { UserTimeline } from './UserTimeline';
import { ResetSecondFactorButton } from '../secondFactor/ResetSecondFactorButton';
import { fullName, labelled } from '../lib/labels';
import { EditLoadFailed, failuresShownOnPage } from '../lib/LoadFailed';
import { KeepUnsavedValues } from '../lib/KeepUnsavedValues';
import { useFocusBackAfterBusy } from '../lib/useFocusBackAfterBusy';
import { LabelledButton } from '../lib/LabelledButton';
import ListIcon from '@mui/icons-material/List';

/** Saves one change of the shown user (pessimistic) and says how it went. */
function useUserUpdate() {
  const record = useRecordContext<AdminUser>();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  const t = useTranslate();
  const save = (data: Partial<AdminUser>) =>
    record &&
    update(
      'users',
      { id: record.id, data, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(t('app.messages.userUpdated'), { type: 'success' });
          refresh();
        },
        onError: (error) =>
          notify(labelled(t, 'app.messages.updateFailed', (error as Error).message), { type: 'error' }),
      },
    );
  return { save, isPending };
}

/**
 * A one-click change of the shown user, asked first when `confirm` names what it does (locking
 * ends their sessions, admin rights open the console): one mis-click must not do either.
 */
function UserChangeButton({
  label,
  icon,
  data,
  confirm,
  color = 'primary',
  testId,
}: {
  label: string;
  icon: React.ReactElement;
  data: Partial<AdminUser>;
  confirm?: string;
  color?: 'primary' | 'error';
  testId?: string;
}) {
  const { save, isPending } = useUserUpdate();
  const [open, setOpen] = useState(false);
  // disabled while the change runs, which drops focus: it comes back here (or to the page)
  const button = useFocusBackAfterBusy<HTMLButtonElement>(isPending);
  return (
    <>
      <LabelledButton
        ref={button}
        label={label}
        disabled={isPending}
        color={color}
        data-testid={testId}
        onClick={() => (confirm ? setOpen(true) : save(data))}
      >
        {icon}
      </LabelledButton>
      {confirm && (
        <Confirm
          isOpen={open}
          loading={isPending}
          title={label}
          content={confirm}
          onClose={() => setOpen(false)}
          onConfirm={() => {
            setOpen(false);
            save(data);
          }}
        />
      )}
    </>
  );
}

function LockButton() {
  const record = useRecordContext<AdminUser>();
  const t = useTranslate();
  if (!record) return null;
  return record.isLocked ? (
    <UserChangeButton
      label="app.users.unlock"
      icon={<LockOpenIcon />}
      data={{ isLocked: false }}
      testId="unlock-user"
    />
  ) : (
    <UserChangeButton
      label="app.users.lock"
      icon={<LockIcon />}
      data={{ isLocked: true }}
      confirm={t('app.users.confirmLock', { name: fullName(record) })}
      color="error"
      testId="lock-user"
    />
  );
}

function MakeAdminButton() {
  const record = useRecordContext<AdminUser>();
  const t = useTranslate();
  if (!record || record.isAdmin) return null;
  return (
    <UserChangeButton
      label="app.users.makeAdmin"
      icon={<AdminIcon />}
      data={{ isAdmin: true }}
      confirm={t('app.users.confirmMakeAdmin', { name: fullName(record) })}
      testId="make-admin"
    />
  );
}

function ResetPasswordButton() {
  const record = useRecordContext<AdminUser>();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  return (
    <>
      <LabelledButton
        label="app.users.resetPassword"
        onClick={() => setOpen(true)}
        data-testid="reset-password"
      >
        <KeyIcon />
      </LabelledButton>
      <ResetPasswordDialog user={record} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function ResetTrainingButton() {
  const record = useRecordContext<AdminUser>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const t = useTranslate();
  if (!record) return null;
  return (
    <>
      <LabelledButton label="app.users.resetTraining" onClick={() => setOpen(true)}>
        <RestartAltIcon />
      </LabelledButton>
      <Confirm
        isOpen={open}
        loading={busy}
        title="app.users.resetTraining"
        content={t('app.users.confirmResetTraining', { name: fullName(record) })}
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          setBusy(true);
          try {
            await dataProvider.resetTraining(record.id);
            notify(t('app.messages.trainingReset', { name: fullName(record) }), { type: 'success' });
            refresh();
          } catch (error) {
            notify(labelled(t, 'app.messages.resetTrainingFailed', (error as Error).message), {
              type: 'error',
            });
          } finally {
            setBusy(false);
            setOpen(false);
          }
        }}
      />
    </>
  );
}

// the actions wrap onto a second line where their labels are long (French, Spanish) instead of
// shrinking until their labels overlap; on a phone they keep their words (LabelledButton), from
// the left, with room between the lines of buttons
const EditActions = () => (
  <TopToolbar
    data-testid="user-actions"
    sx={(theme) => ({
      flexWrap: 'wrap',
      '& > *': { flexShrink: 0 },
      [theme.breakpoints.down('sm')]: { justifyContent: 'flex-start', gap: 0.5, p: 1 },
    })}
  >
    <LabelledButton label="ra.action.list" to="/users">
      <ListIcon />
    </LabelledButton>
    <LockButton />
    <MakeAdminButton />
    <ResetPasswordButton />
    <ResetTrainingButton />
    <ResetSecondFactorButton />
  </TopToolbar>
);

function EditToolbar() {
  const record = useRecordContext<AdminUser>();
  const t = useTranslate();
  const notify = useNotify();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {record && (
        <DeleteButton
          mutationMode="pessimistic"
          label="app.users.delete"
          confirmTitle="app.users.deleteTitle"
          confirmContent={t('app.users.confirmDelete', { name: fullName(record) })}
          // a message, not an onSuccess: one would replace react-admin's own, which leaves the
          // deleted user's page for the list (the page stayed, showing the user, after "User deleted.")
          successMessage="app.messages.userDeleted"
          mutationOptions={{
            onError: (error) =>
              notify(labelled(t, 'app.messages.deleteFailed', (error as Error).message), { type: 'error' }),
          }}
        />
      )}
    </Toolbar>
  );
}

function Summary() {
  const record = useRecordContext<AdminUser>();
  const t = useTranslate();
  const { date } = useFormat();
  if (!record) return null;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
        gap: 2,
        mb: 2,
        width: '100%',
      }}
    >
      <Box>
        <Typography variant="caption" color="text.secondary">
          {t('resources.users.fields.progress')}
        </Typography>
        <ProgressCell record={record} />
      </Box>
      <Box>
        <Typography variant="caption" color="text.secondary">
          {t('resources.users.fields.status')}
        </Typography>
        <Typography variant="body2">{t(`app.status.${record.status}`)}</Typography>
      </Box>
      <Box>
        <Typography variant="caption" color="text.secondary">
          {t('resources.users.fields.lastLoginAt')}
        </Typography>
        <Typography variant="body2">
          <LastLogin value={record.lastLoginAt} />
        </Typography>
      </Box>
      <Box>
        <Typography variant="caption" color="text.secondary">
          {t('resources.users.fields.createdAt')}
        </Typography>
        <Typography variant="body2">{date(record.createdAt)}</Typography>
      </Box>
      <Box data-testid="second-factor-state">
        <Typography variant="caption" color="text.secondary">
          {t('resources.users.fields.secondFactorEnrolled')}
        </Typography>
        <Typography variant="body2">
          {t(record.secondFactorEnrolled ? 'app.secondFactor.on' : 'app.secondFactor.off')}
        </Typography>
      </Box>
      {record.mustChangePassword && (
        <Alert severity="warning" sx={{ gridColumn: '1 / -1' }}>
          {t('app.status.mustChange')}
        </Alert>
      )}
    </Box>
  );
}

const sponsorText = (u: AdminUser) => `${fullName(u)} · ${u.email}`;

export function UserEdit() {
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const form = (
    <EditLoadFailed>
      <UserForm />
    </EditLoadFailed>
  );
  return (
    <Edit
      // a user that does not exist (deleted) leads back to the list; a server that fails or cannot
      // be reached for a moment says so on this page, with a retry (react-admin's default said
      // "the item does not exist" and left the page)
      queryOptions={{
        ...failuresShownOnPage,
        onError: (error: Error) => {
          if ((error as HttpError).status !== 404) return;
          notify('ra.notification.item_doesnt_exist', { type: 'error' });
          redirect('list', 'users');
        },
      }}
      error={form}
      mutationMode="pessimistic"
      actions={<EditActions />}
      aside={<UserTimeline />}
      sx={{ '& .RaEdit-main': { flexWrap: { xs: 'wrap', lg: 'nowrap' } } }}
      mutationOptions={{
        onSuccess: () => {
          notify(t('app.messages.userUpdated'), { type: 'success' });
          refresh();
        },
        onError: (error) =>
          notify(labelled(t, 'app.messages.updateFailed', (error as Error).message), { type: 'error' }),
      }}
      redirect={false}
    >
      {form}
    </Edit>
  );
}

type FlagChange = { title: string; text: string };

/**
 * What a save would do to the user's admin rights and lock, in the toolbar buttons' words: the
 * switches change them as the Lock and Make admin buttons do, and are asked first as they are.
 */
function flagChanges(
  t: (key: string, options?: object) => string,
  record: AdminUser,
  values: Partial<AdminUser>,
): FlagChange[] {
  const name = fullName(record);
  const changes: FlagChange[] = [];
  if (values.isLocked !== undefined && values.isLocked !== record.isLocked)
    changes.push(
      values.isLocked
        ? { title: t('app.users.lock'), text: t('app.users.confirmLock', { name }) }
        : { title: t('app.users.unlock'), text: t('app.users.confirmUnlock', { name }) },
    );
  if (values.isAdmin !== undefined && values.isAdmin !== record.isAdmin)
    changes.push(
      values.isAdmin
        ? { title: t('app.users.makeAdmin'), text: t('app.users.confirmMakeAdmin', { name }) }
        : { title: t('app.users.removeAdmin'), text: t('app.users.confirmRemoveAdmin', { name }) },
    );
  return changes;
}

/**
 * The form's save: a change of the Locked or Admin switch is asked first (the submission waits
 * for the answer; a cancel saves nothing and leaves the form as it was), any other save goes at once.
 */
function useConfirmedSave() {
  const record = useRecordContext<AdminUser>();
  const { save } = useSaveContext();
  const t = useTranslate();
  const [asked, setAsked] = useState<{ changes: FlagChange[]; answer: (yes: boolean) => void } | null>(null);
  const onSubmit = async (values: Partial<AdminUser>) => {
    const changes = record ? flagChanges(t, record, values) : [];
    if (changes.length) {
      const yes = await new Promise<boolean>((answer) => setAsked({ changes, answer }));
      setAsked(null);
      if (!yes) return;
    }
    return save?.(values);
  };
  const dialog = (
    <Confirm
      isOpen={asked !== null}
      title={asked?.changes.map((c) => c.title).join(' · ') ?? ''}
      content={asked?.changes.map((c) => (
        <DialogContentText key={c.title}>{c.text}</DialogContentText>
      ))}
      onClose={() => asked?.answer(false)}
      onConfirm={() => asked?.answer(true)}
    />
  );
  return { onSubmit, dialog };
}

function UserForm() {
  const { onSubmit, dialog } = useConfirmedSave();
  return (
    <SimpleForm toolbar={<EditToolbar />} sx={{ maxWidth: 720 }} warnWhenUnsavedChanges onSubmit={onSubmit}>
      {dialog}
      <KeepUnsavedValues />
      <Summary />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          columnGap: 2,
          width: '100%',
        }}
      >
        <TextInput source="firstName" validate={[required(), maxLength(100)]} />
        <TextInput source="lastName" validate={[required(), maxLength(100)]} />
        <TextInput source="email" validate={[required(), email(), maxLength(254)]} />
        {/* its own message: react-admin's "(regexp): %{pattern}" shows the pattern as "[object Object]" */}
        <TextInput
          source="uid"
          validate={[required(), maxLength(40), regex(/^[A-Za-z0-9._-]+$/, 'app.users.uidHelp')]}
        />
      </Box>
      <ReferenceInput source="sponsorId" reference="users" sort={{ field: 'firstName', order: 'ASC' }}>
        <AutocompleteInput optionText={sponsorText} filterToQuery={(q: string) => ({ q })} fullWidth />
      </ReferenceInput>
      {/* one switch a line: side by side, the locked switch's note pushed the next one far right */}
      <Box sx={{ display: 'flex', flexDirection: 'column' }}>
        <BooleanInput source="isAdmin" helperText={false} />
        <BooleanInput source="isLocked" helperText="app.users.lockedNote" sx={{ mb: 1 }} />
        <BooleanInput source="newsletter" helperText={false} />
      </Box>
    </SimpleForm>
  );
}
