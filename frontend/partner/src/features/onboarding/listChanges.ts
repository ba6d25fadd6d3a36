import type { Progress } from '@portal/contracts/onboarding/schemas';
import { ApiError } from '../../lib/api';
import { i18n } from '../../lib/i18n';
import { queryClient } from '../../lib/queryClient';
import { toast } from '../../lib/toast';
import { keepInTab } from '../../lib/unsavedAnswers';
import { readTabJson } from '../../../../shared/tabStorage';
import { PROGRESS_KEY, progressSaved, staleProgressOf, updateOnboardingData } from './api';
import { type ListOp, type Lists, applyOps, listOpsFrom } from './lists';

/** Auto-save delay after the last change (spec 000 section 9). */
const LIST_SAVE_DEBOUNCE_MS = 500;
/** A save that keeps meeting fresher lists gives up after this many re-applications. */
const MAX_REAPPLY = 5;
/** A kept copy older than this is not replayed: the lists have likely moved on elsewhere. */
const KEPT_FOR_MS = 24 * 60 * 60 * 1000;

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

interface ListChangesSnapshot {
  /** the operations not confirmed by the server yet, oldest first */
  readonly ops: readonly ListOp[];
  readonly state: SaveState;
}

/** The progress in the query cache now (set at once by a save, before the page hears of it). */
export const currentProgress = () => queryClient.getQueryData<{ progress: Progress }>(PROGRESS_KEY)?.progress;
export const listsOf = (p: Progress | undefined): Lists => ({
  customerList: p?.customerList ?? [],
  partnerList: p?.partnerList ?? [],
});

/** The server will never take these operations as they are (not a session end, a race or an outage). */
const refusedForGood = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401;

/** The kept operations, when the copy is recent and has the shape the app writes. */
function keptOps(value: unknown, now: number): ListOp[] {
  const kept = value as { at?: unknown; ops?: unknown } | null;
  if (typeof kept?.at !== 'number' || now - kept.at > KEPT_FOR_MS || kept.at > now) return [];
  return listOpsFrom(kept.ops);
}

/**
 * Step 3's list changes not saved yet, for one partner in this tab: shown on top of the last
 * lists the server answered, saved 500 ms after the last change with the revision they were read
 * at. A 409 (the lists changed elsewhere) brings the current lists; the operations are applied to
 * them again and saved again, so no entry is lost.
 *
 * One store per partner for the whole tab, not per mounted step: leaving step 3 while its save is
 * in flight and coming back joins that save instead of sending the same change again.
 *
 * The operations are also kept in the tab's storage (`lib/unsavedAnswers.ts`, per user, for a
 * day): when the session has ended, the save that meets it reloads the app at the sign-in, and
 * after it the step comes back with them and saves them on the lists the server has then, as
 * after a 409. Forgotten once saved, on sign-out, with the tab, and when the server refuses them
 * for good (a 4xx other than 401 and 409: they are undone, the server's lists shown, and a toast
 * says so) so that a refused change is not sent again at every visit.
 */
class ListChanges {
  private snapshot: ListChangesSnapshot;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: Promise<boolean> | null = null;

  constructor(private readonly keptAt: string | null) {
    const ops = keptAt ? keptOps(readTabJson(keptAt), Date.now()) : [];
    this.snapshot = { ops, state: ops.length > 0 ? 'pending' : 'idle' };
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly get = (): ListChangesSnapshot => this.snapshot;

  private update(next: Partial<ListChangesSnapshot>) {
    this.snapshot = { ...this.snapshot, ...next };
    if (next.ops && this.keptAt)
      keepInTab(this.keptAt, next.ops.length > 0 ? { at: Date.now(), ops: next.ops } : null);
    for (const listener of this.listeners) listener();
  }

  readonly change = (op: ListOp) => {
    this.update({ ops: [...this.snapshot.ops, op], state: 'pending' });
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), LIST_SAVE_DEBOUNCE_MS);
  };

  /** Saves now (also waits for a save in flight); true when everything is saved. */
  readonly flush = (): Promise<boolean> => {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.inFlight)
      return this.inFlight.then((ok) => (ok && this.snapshot.ops.length > 0 ? this.flush() : ok));
    if (this.snapshot.ops.length === 0) return Promise.resolve(true);
    const run = this.saveAll().finally(() => {
      this.inFlight = null;
    });
    this.inFlight = run;
    return run;
  };

  /** Changes kept from before (a sign-in, a visit to another step) are saved when the step shows. */
  resume() {
    if (this.snapshot.ops.length > 0 && !this.timer && !this.inFlight) void this.flush();
  }

  private async saveAll(): Promise<boolean> {
    let reapplied = 0;
    while (this.snapshot.ops.length > 0) {
      const ops = this.snapshot.ops;
      const base = currentProgress();
      this.update({ state: 'saving' });
      try {
        await updateOnboardingData({ ...applyOps(listsOf(base), ops), revision: base?.revision ?? -1 });
        this.update({ ops: this.snapshot.ops.slice(ops.length) });
        reapplied = 0;
      } catch (error) {
        const fresh = staleProgressOf(error);
        if (fresh && reapplied++ < MAX_REAPPLY) {
          progressSaved(fresh);
          continue;
        }
        const t = i18n.getFixedT(null, 'onboarding');
        if (refusedForGood(error)) {
          this.update({ ops: this.snapshot.ops.slice(ops.length), state: 'error' });
          void queryClient.invalidateQueries({ queryKey: PROGRESS_KEY });
          toast.error(t('step3.saveErrorTitle'), t('step3.refusedText'));
          return false;
        }
        this.update({ state: 'error' });
        // a session that ended: the app leaves for the sign-in, the changes are kept for after it
        if (!(error instanceof ApiError && error.status === 401))
          toast.error(t('step3.saveErrorTitle'), t('step3.saveErrorText'));
        return false;
      }
    }
    this.update({ state: 'saved' });
    return true;
  }
}

const stores = new Map<string, ListChanges>();

/** The tab's store for this partner's changes (`keptAt`: where they are kept; null: not kept). */
export function listChangesOf(keptAt: string | null): ListChanges {
  if (keptAt === null) return new ListChanges(null);
  let store = stores.get(keptAt);
  if (!store) stores.set(keptAt, (store = new ListChanges(keptAt)));
  return store;
}
