import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Progress } from '@portal/contracts/onboarding/schemas';
import { queryClient } from '../../lib/queryClient';
import { toast } from '../../lib/toast';
import { PROGRESS_KEY, progressSaved, staleProgressOf, updateOnboardingData } from './api';
import { type ListOp, type Lists, applyOps } from './lists';
import { isLeavingOnPurpose } from '../../lib/leave';

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
 */
export function useListSync(progress: Progress) {
  const { t } = useTranslation('onboarding');
  const pending = useRef<ListOp[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const [state, setState] = useState<SaveState>('idle');
  const [, rerender] = useReducer((x: number) => x + 1, 0);

  const loop = useCallback(async (): Promise<boolean> => {
    let reapplied = 0;
    while (pending.current.length > 0) {
      const ops = pending.current.slice();
      const base = currentProgress();
      const lists = applyOps(listsOf(base), ops);
      setState('saving');
      try {
        await updateOnboardingData({ ...lists, revision: base?.revision ?? -1 });
        pending.current = pending.current.slice(ops.length);
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
  }, [t]);

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
      pending.current = [...pending.current, op];
      setState('pending');
      rerender();
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), LIST_SAVE_DEBOUNCE_MS);
    },
    [flush],
  );

  // leaving the step saves what is left; closing the page with unsaved changes asks first (not
  // when the app leaves for the sign-in: the session that could save them has ended)
  useEffect(() => {
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (pending.current.length > 0 && !isLeavingOnPurpose()) e.preventDefault();
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
