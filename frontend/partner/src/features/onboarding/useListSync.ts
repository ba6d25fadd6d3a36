import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Progress } from '@portal/contracts/onboarding/schemas';
import { queryClient } from '../../lib/queryClient';
import { toast } from '../../lib/toast';
import { PROGRESS_KEY, progressSaved, staleProgressOf, updateOnboardingData } from './api';
import { type ListOp, type Lists, applyOps, listOpsFrom } from './lists';
import { useSessionPart } from '../../lib/session';
import { readTabJson, writeTabJson } from '../../../../shared/tabStorage';
import { unsavedKey } from '../../lib/unsavedAnswers';

/** Auto-save delay after the last change (spec 000 section 9). */
const LIST_SAVE_DEBOUNCE_MS = 500;
/** A save that keeps meeting fresher lists gives up after this many re-applications. */
const MAX_REAPPLY = 5;

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

const currentProgress = () => queryClient.getQueryData<{ progress: Progress }>(PROGRESS_KEY)?.progress;
const listsOf = (p: Progress | undefined): Lists => ({
  customerList: p?.customerList ?? [],
  partnerList: p?.partnerList ?? [],
});

/**
 * Step 3 lists with auto-save: local changes are operations shown on top of the last lists the
 * server answered, saved 500 ms after the last change with the revision they were read at. A
 * 409 (the lists changed elsewhere) brings the current lists; the operations are applied to
 * them again and saved again, so no entry is lost.
 *
 * The operations not saved yet are also kept in this tab (`lib/unsavedAnswers.ts`'s place, per
 * user): when the session has ended, the save that meets it reloads the app at the sign-in, and
 * after it the step comes back with them and saves them on the lists the server has then, as
 * after a 409. Forgotten once saved, on sign-out, with the tab.
 */
export function useListSync(progress: Progress) {
  const { t } = useTranslation('onboarding');
  const userId = useSessionPart((u) => u.id);
  const keptAt = userId ? unsavedKey(userId, 'step3:listChanges') : null;
  const [kept] = useState(() => (keptAt ? listOpsFrom(readTabJson(keptAt)) : []));
  const pending = useRef<ListOp[]>(kept);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const [state, setState] = useState<SaveState>(kept.length > 0 ? 'pending' : 'idle');
  const [, rerender] = useReducer((x: number) => x + 1, 0);

  const setPending = useCallback(
    (ops: ListOp[]) => {
      pending.current = ops;
      if (keptAt) writeTabJson(keptAt, ops.length > 0 ? ops : null);
    },
    [keptAt],
  );

  const loop = useCallback(async (): Promise<boolean> => {
    let reapplied = 0;
    while (pending.current.length > 0) {
      const ops = pending.current.slice();
      const base = currentProgress();
      const lists = applyOps(listsOf(base), ops);
      setState('saving');
      try {
        await updateOnboardingData({ ...lists, revision: base?.revision ?? -1 });
        setPending(pending.current.slice(ops.length));
        reapplied = 0;
      } catch (error) {
        const fresh = staleProgressOf(error);
        if (fresh && reapplied++ < MAX_REAPPLY) {
          progressSaved(fresh);
          continue;
        }
        setState('error');
        toast.error(t('step3.saveErrorTitle'), t('step3.saveErrorText'));
        rerender();
        return false;
      }
      rerender();
    }
    setState('saved');
    return true;
  }, [t, setPending]);

  /** Saves now (also waits for a save in flight); true when everything is saved. */
  const flush = useCallback((): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (inFlight.current) return inFlight.current.then((ok) => (ok && pending.current.length ? flush() : ok));
    if (pending.current.length === 0) return Promise.resolve(true);
    const run = loop().finally(() => {
      inFlight.current = null;
    });
    inFlight.current = run;
    return run;
  }, [loop]);

  const change = useCallback(
    (op: ListOp) => {
      setPending([...pending.current, op]);
      setState('pending');
      rerender();
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), LIST_SAVE_DEBOUNCE_MS);
    },
    [flush, setPending],
  );

  // changes kept from before a sign-in are saved as soon as the step is shown again
  useEffect(() => {
    if (pending.current.length > 0 && !timer.current && !inFlight.current) void flush();
  }, [flush]);

  // leaving the step saves what is left; closing the page with unsaved changes asks first (the
  // app's own leaves for the sign-in and after a sign-out ask nothing: lib/leave.ts)
  useEffect(() => {
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (pending.current.length > 0) e.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      if (pending.current.length > 0) void flush();
    };
  }, [flush]);

  const lists = applyOps(listsOf(progress), pending.current);
  return { lists, change, flush, state, unsaved: pending.current.length > 0 };
}
