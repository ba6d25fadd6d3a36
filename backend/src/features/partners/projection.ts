import type { Knex } from 'knex';
import type { RecordedEvent } from '../../eventStore/port';
import {
  type OnboardingEvent,
  type OnboardingState,
  stepsDoneOf,
  currentStepOf,
  onboardingDecider,
} from '../../domain/onboarding/decider';
import type { Projection } from '../../projections/projection';
import { columnChanges, registrationRow, usersProjection } from '../../projections/users';
import { subjectOf } from '../../projections/auditLog';
import { accountOfStream } from '../../domain/user/signIns';
import { ONBOARDING_EVENT_TYPES } from '../onboarding/projection';

/** A row of the `partner_directory` read model (migration 20261123000000_partner_directory). */
interface DirectoryRow {
  user_id: string;
  sponsor_id: string | null;
  /** everyone above, top first, ending with the sponsor; a deleted one is null */
  ancestors: (string | null)[];
  uid: string;
  first_name: string;
  last_name: string;
  email: string;
  last_login_at: Date | string | null;
  created_at: Date | string;
  steps: boolean[];
  completed_steps: number;
  current_step: number;
  training_completed: boolean;
  product_experience_skipped: boolean;
}

/** The users columns the directory copies (the sponsor is set at registration and by `moveUnder`). */
const USER_COLUMNS = ['uid', 'first_name', 'last_name', 'email', 'last_login_at', 'created_at'] as const;

const pickUserColumns = (values: Record<string, unknown>) =>
  Object.fromEntries(USER_COLUMNS.filter((c) => values[c] !== undefined).map((c) => [c, values[c]]));

/** The user an event is about: the deleted user, or the id in `User-<id>` / `SignIns-<id>` / `Onboarding-<id>`. */
function userOf(event: RecordedEvent): string | null {
  if (event.type === 'UserDeleted') return String((event.data as { userId: string }).userId);
  return /^(User|SignIns|Onboarding)-/.test(event.streamId) ? subjectOf(event.streamId) : null;
}

/** The onboarding fold of a row, through the onboarding decider's own evolve. */
function foldOnboarding(row: DirectoryRow, event: RecordedEvent): DirectoryRow {
  const before: OnboardingState = {
    ...onboardingDecider.initialState(),
    steps: row.steps as OnboardingState['steps'],
    trainingCompleted: row.training_completed,
    productExperienceSkipped: row.product_experience_skipped,
  };
  const s = onboardingDecider.evolve(before, { type: event.type, data: event.data } as OnboardingEvent);
  const after = {
    steps: [...s.steps],
    completed_steps: stepsDoneOf(s),
    current_step: currentStepOf(s),
    training_completed: s.trainingCompleted,
    product_experience_skipped: s.productExperienceSkipped,
  };
  // Most onboarding events (a saved link, lists, answers) change nothing the directory shows:
  // the same row comes back, so it is not written again.
  const unchanged =
    after.steps.every((done, i) => done === row.steps[i]) &&
    after.completed_steps === row.completed_steps &&
    after.current_step === row.current_step &&
    after.training_completed === row.training_completed &&
    after.product_experience_skipped === row.product_experience_skipped;
  return unchanged ? row : { ...row, ...after };
}

/** The path of someone sponsored by `sponsorId`: the sponsor's own path and the sponsor. */
function pathBelow(sponsorId: string | null, sponsor: DirectoryRow | null | undefined) {
  if (sponsorId === null) return [];
  return [...(sponsor?.ancestors ?? []), sponsorId];
}

/**
 * The directory row after one event: `undefined` in, a row out for a registration (placed below
 * its sponsor's row, found with `rowOf`); null for a deletion; unchanged for anything the
 * directory does not show. A change of sponsor is not folded here: it moves a whole subtree
 * (`moveUnder`). Pure.
 */
function evolveDirectoryRow(
  row: DirectoryRow | null | undefined,
  event: RecordedEvent,
  rowOf: (userId: string) => DirectoryRow | null | undefined,
): DirectoryRow | null | undefined {
  if (event.type === 'UserDeleted') return null;
  if (accountOfStream(event.streamId) !== null) {
    if (event.type === 'UserRegistered') {
      const registered = registrationRow(event);
      const sponsorId = (registered.sponsor_id as string | null) ?? null;
      return {
        ...(pickUserColumns(registered) as Pick<
          DirectoryRow,
          'uid' | 'first_name' | 'last_name' | 'email' | 'created_at'
        >),
        user_id: userOf(event)!,
        sponsor_id: sponsorId,
        ancestors: sponsorId === null ? [] : pathBelow(sponsorId, rowOf(sponsorId)),
        last_login_at: null,
        steps: [false, false, false, false, false],
        completed_steps: 0,
        current_step: 1,
        training_completed: false,
        product_experience_skipped: false,
      };
    }
    const changes = columnChanges(event);
    return row && changes ? { ...row, ...pickUserColumns(changes) } : row;
  }
  if (row && event.streamId.startsWith('Onboarding-')) return foldOnboarding(row, event);
  return row;
}

const CHUNK = 1_000;

/** The columns the projection writes (search_text is generated by PostgreSQL from the names). */
const DIRECTORY_COLUMNS: (keyof DirectoryRow)[] = [
  'user_id',
  'sponsor_id',
  'ancestors',
  ...USER_COLUMNS,
  'steps',
  'completed_steps',
  'current_step',
  'training_completed',
  'product_experience_skipped',
];

/** The new sponsor of a UserDetailsEdited event that changes it (undefined: no change). */
const newSponsorOf = (event: RecordedEvent) =>
  event.type === 'UserDetailsEdited' && event.streamId.startsWith('User-')
    ? ((event.data as { sponsorId?: string | null }).sponsorId ?? undefined)
    : undefined;

/** Applies a run of events without sponsor moves: reads the rows once, folds, writes each changed row once. */
async function applyRun(trx: Knex.Transaction, events: RecordedEvent[]) {
  if (events.length === 0) return;
  const sponsors = events
    .filter((e) => e.type === 'UserRegistered')
    .map((e) => (e.data as { sponsorId?: string | null }).sponsorId)
    .filter((id): id is string => !!id);
  const ids = [...new Set([...events.map(userOf), ...sponsors].filter((id): id is string => id !== null))];
  const rows = new Map<string, DirectoryRow | null | undefined>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const found = await trx<DirectoryRow>('partner_directory')
      .whereIn('user_id', ids.slice(i, i + CHUNK))
      .select(DIRECTORY_COLUMNS);
    for (const row of found) rows.set(row.user_id, row);
  }
  const changed = new Set<string>();
  for (const event of events) {
    const id = userOf(event);
    if (id === null) continue;
    const before = rows.get(id);
    const after = evolveDirectoryRow(before, event, (sponsorId) => rows.get(sponsorId));
    if (after !== before) {
      rows.set(id, after);
      changed.add(id);
    }
  }
  const deleted = [...changed].filter((id) => rows.get(id) === null);
  const upserts = [...changed].map((id) => rows.get(id)).filter((row): row is DirectoryRow => !!row);
  for (let i = 0; i < deleted.length; i += CHUNK) {
    await trx('partner_directory')
      .whereIn('user_id', deleted.slice(i, i + CHUNK))
      .delete();
  }
  for (let i = 0; i < upserts.length; i += CHUNK) {
    await trx('partner_directory')
      .insert(upserts.slice(i, i + CHUNK))
      .onConflict('user_id')
      .merge();
  }
  // A deleted user's id leaves the paths (and sponsor links) of their downline; levels stay.
  for (const id of deleted) {
    await trx.raw(
      `update partner_directory
          set ancestors = array_replace(ancestors, ?::uuid, null),
              sponsor_id = case when sponsor_id = ? then null else sponsor_id end
        where ancestors @> array[?]::uuid[]`,
      [id, id, id],
    );
  }
}

/** Puts `userId` below `sponsorId` (null: at the top) and carries their whole downline along. */
async function moveUnder(trx: Knex.Transaction, userId: string, sponsorId: string | null) {
  const sponsor = sponsorId
    ? await trx<DirectoryRow>('partner_directory').where({ user_id: sponsorId }).first()
    : undefined;
  const path = pathBelow(sponsorId, sponsor);
  await trx('partner_directory')
    .where({ user_id: userId })
    .update({ sponsor_id: sponsorId, ancestors: path });
  // (knex would spread an array binding into a list: the path goes in as text)
  await trx.raw(
    `update partner_directory d
        set ancestors = string_to_array(?, ',', '')::uuid[] || array[?]::uuid[]
                        || d.ancestors[array_position(d.ancestors, ?::uuid) + 1 :]
      where d.ancestors @> array[?]::uuid[]`,
    [path.map((id) => id ?? '').join(','), userId, userId, userId],
  );
}

/**
 * Keeps `partner_directory` from user and onboarding events. Runs of events are folded in memory
 * (one read and one write per touched row); a change of sponsor moves the subtree in SQL.
 */
export const partnerDirectoryProjection: Projection = {
  name: 'partner_directory',
  tables: ['partner_directory'],
  // read by a partner's sponsors: each read catches up, the partner's commands do not wait
  readYourWrites: 'read',
  eventTypes: [...new Set([...(usersProjection.eventTypes ?? []), ...ONBOARDING_EVENT_TYPES])],
  async applyBatch(trx: Knex.Transaction, events: RecordedEvent[]) {
    let run: RecordedEvent[] = [];
    for (const event of events) {
      const sponsorId = newSponsorOf(event);
      if (sponsorId === undefined) {
        run.push(event);
        continue;
      }
      await applyRun(trx, [...run, event]);
      run = [];
      await moveUnder(trx, userOf(event)!, sponsorId);
    }
    await applyRun(trx, run);
  },
  apply(trx, event) {
    return partnerDirectoryProjection.applyBatch!(trx, [event]);
  },
};
