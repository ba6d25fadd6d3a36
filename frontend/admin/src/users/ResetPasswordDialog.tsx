import { useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MuiButton from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Stack from '@mui/material/Stack';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { AdminUser } from '@portal/contracts/admin/schemas';
import type { AdminDataProvider } from '../dataProvider';
import { generatePassword, passwordProblem } from '../lib/password';
import { fullName, labelled } from '../lib/labels';

/** Admin password reset (spec section 5): two entries that must match, at least 6 characters, a 12-character generator. */
export function ResetPasswordDialog({
  user,
  open,
  onClose,
}: {
  user: AdminUser;
  open: boolean;
  onClose: () => void;
}) {
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [visible, setVisible] = useState(false);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const problem = passwordProblem(password, confirmation);
  const close = () => {
    setPassword('');
    setConfirmation('');
    setTouched(false);
    setVisible(false);
    onClose();
  };
  const submit = async () => {
    setTouched(true);
    if (problem) return;
    setBusy(true);
    try {
      await dataProvider.resetPassword(user.id, password);
      notify(t('app.messages.passwordReset', { name: fullName(user) }), {
        type: 'success',
      });
      refresh();
      close();
    } catch (error) {
      const code = (error as { body?: { error?: string } }).body?.error;
      const reason = code === 'common_password' ? t('app.messages.commonPassword') : (error as Error).message;
      notify(labelled(t, 'app.messages.resetPasswordFailed', reason), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const type = visible ? 'text' : 'password';
  const toggle = (
    <InputAdornment position="end">
      <IconButton
        aria-label={t(visible ? 'app.users.hide' : 'app.users.show')}
        onClick={() => setVisible((v) => !v)}
        edge="end"
      >
        {visible ? <VisibilityOff /> : <Visibility />}
      </IconButton>
    </InputAdornment>
  );
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
      <DialogTitle>
        {t('app.users.resetPassword')} · {user.firstName} {user.lastName}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('app.users.resetPasswordHelp')}</DialogContentText>
        <Stack spacing={2}>
          <TextField
            label={t('app.users.newPassword')}
            type={type}
            value={password}
            autoComplete="new-password"
            onChange={(e) => setPassword(e.target.value)}
            slotProps={{ input: { endAdornment: toggle }, htmlInput: { 'data-testid': 'new-password' } }}
          />
          <TextField
            label={t('app.users.confirmPassword')}
            type={type}
            value={confirmation}
            autoComplete="new-password"
            onChange={(e) => setConfirmation(e.target.value)}
            error={touched && !!problem}
            helperText={touched && problem ? t(`app.users.${problem}`) : ' '}
            slotProps={{ htmlInput: { 'data-testid': 'confirm-password' } }}
          />
          <Stack direction="row" spacing={1}>
            <MuiButton
              startIcon={<AutorenewIcon />}
              onClick={() => {
                const p = generatePassword();
                setPassword(p);
                setConfirmation(p);
                setVisible(true);
              }}
            >
              {t('app.users.generate')}
            </MuiButton>
            <MuiButton
              startIcon={<ContentCopyIcon />}
              disabled={!password}
              onClick={() =>
                void navigator.clipboard?.writeText(password).then(
                  () => notify(t('app.users.copied')),
                  () => undefined,
                )
              }
            >
              {t('app.users.copy')}
            </MuiButton>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={close}>{t('ra.action.cancel')}</MuiButton>
        <MuiButton
          variant="contained"
          onClick={() => void submit()}
          disabled={busy || !password || !confirmation}
          data-testid="confirm-reset-password"
        >
          {t('app.users.resetPassword')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}
