import { useEffect, useRef, useState } from 'react';
import SecurityIcon from '@mui/icons-material/Security';
import { Confirm, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { AdminUser } from '@portal/contracts/admin/schemas';
import { secondFactorEndpoints } from '@portal/contracts/secondFactor/endpoints';
import { currentUserId } from '../authProvider';
import { httpClient } from '../dataProvider';
import { fullName } from '../lib/labels';
import { focusIfLostAfterRender } from '../lib/useFocusBackAfterBusy';
import { LabelledButton } from '../lib/LabelledButton';

/**
 * Removes another user's two-step verification (a lost phone): their sessions end and they set
 * up a new one at their next sign-in; the audit log records who did it (issue 13). Not shown
 * on one's own account (the server refuses it too), nor for a user without two-step verification
 * (nothing to reset: the user page says it is off).
 */
export function ResetSecondFactorButton() {
  const record = useRecordContext<AdminUser>();
  const [self, setSelf] = useState<string | null>(null);
  useEffect(() => void currentUserId().then(setSelf), []);
  if (!record?.secondFactorEnrolled || !self || record.id === self) return null;
  return <ResetSecondFactorAction record={record} />;
}

function ResetSecondFactorAction({ record }: { record: AdminUser }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();
  const t = useTranslate();
  // gone once its reset is read back (nothing left to reset): focus left nowhere goes to the page
  const done = useRef(false);
  useEffect(
    () => () => {
      if (done.current) focusIfLostAfterRender(null);
    },
    [],
  );
  const name = fullName(record);
  return (
    <>
      <LabelledButton label="app.secondFactor.reset" onClick={() => setOpen(true)}>
        <SecurityIcon />
      </LabelledButton>
      <Confirm
        isOpen={open}
        loading={busy}
        title={t('app.secondFactor.resetTitle', { name })}
        content={t('app.secondFactor.resetContent')}
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          setBusy(true);
          try {
            await httpClient(
              secondFactorEndpoints.adminReset.path.replace(':id', encodeURIComponent(record.id)),
              {
                method: 'POST',
                body: '{}',
              },
            );
            done.current = true;
            notify(t('app.secondFactor.resetDone', { name }), { type: 'success' });
            refresh();
          } catch (error) {
            const code = (error as { body?: { error?: string } }).body?.error;
            notify(
              code === 'second_factor_not_enrolled'
                ? t('app.secondFactor.resetNone', { name })
                : `${t('app.messages.operationFailed')}`,
              { type: code === 'second_factor_not_enrolled' ? 'info' : 'error' },
            );
          } finally {
            setBusy(false);
            setOpen(false);
          }
        }}
      />
    </>
  );
}
