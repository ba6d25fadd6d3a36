import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Progress } from '@portal/contracts/onboarding/schemas';
import { useSessionPart } from '../../lib/session';
import { unsavedKey } from '../../lib/unsavedAnswers';
import { currentProgress, listChangesOf, listsOf } from './listChanges';
import { applyOps } from './lists';

export type { SaveState } from './listChanges';

/**
 * Step 3's lists with auto-save (`listChanges.ts`): the lists as shown (the server's with the
 * changes not saved yet on top), `change` to make one, `flush` to save now, the save's state.
 */
export function useListSync(progress: Progress) {
  const userId = useSessionPart((u) => u.id);
  const keptAt = userId ? unsavedKey(userId, 'step3:listChanges') : null;
  const store = useMemo(() => listChangesOf(keptAt), [keptAt]);
  const { ops, state } = useSyncExternalStore(store.subscribe, store.get);

  // changes kept from before (a sign-in, another step) are saved as soon as the step shows
  useEffect(() => store.resume(), [store]);

  // leaving the step saves what is left; closing the page with unsaved changes asks first (the
  // app's own leaves for the sign-in and after a sign-out ask nothing: frontend/shared/leave.ts)
  useEffect(() => {
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (store.get().ops.length > 0) e.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      if (store.get().ops.length > 0) void store.flush();
    };
  }, [store]);

  // the lists under the changes come from the cache, not from `progress`: a save writes the
  // cache and then drops its changes at once, while `progress` follows the cache a moment later;
  // from `progress`, one render would show the just-saved names gone, and a name opened for
  // editing would come back closed, its typing lost
  const lists = applyOps(listsOf(currentProgress() ?? progress), ops);
  return { lists, change: store.change, flush: store.flush, state, unsaved: ops.length > 0 };
}
