import type { Knex } from 'knex';
import type { RecordedEvent } from '../../eventStore/port';
import {
  type OnboardingEvent,
  type OnboardingState,
  completedStepsOf,
  currentStepOf,
  onboardingDecider,
} from '../../domain/onboarding/decider';
import type { Projection } from '../../projections/projection';
import { columnChanges, registrationRow, usersProjection } from '../../projections/users';
import { ONBOARDING_EVENT_TYPES } from '../onboarding/projection';

/** A row of the `partner_directory` read model (migration 20261123000000_partner_directory). */
export interface DirectoryRow {
  user_id: string;
  sponsor_id: string | null;
  uid: string;
  first_name: string;
  last_name: string;
  email: string;
  email_lower: string;
  last_login_at: Date | string | null;
  created_at: Date | string;
  steps: boolean[];
  completed_steps: number;
  current_step: number;
  training_completed: boolean;
  product_experience_skipped: boolean;
}

/** The users columns the directory copies. */
const USER_COLUMNS = [
  'sponsor_id',
  'uid',
  'first_name',
  'last_name',
  'email',
  'email_lower',
  'last_login_at',
  'created_at',
] as const;

const pickUserColumns = (values: Record<string, unknown>) =>
  Object.fromEntries(USER_COLUMNS.filter((c) => values[c] !== undefined).map((c) => [c, values[c]]));

/** The user an event is about: the deleted user, or the id in `User-<id>` / `Onboarding-<id>`. */
function subjectOf(event: RecordedEvent): string | null {
  if (event.type === 'UserDeleted') return String((event.data as { userId: string }).userId);
  const dash = event.streamId.indexOf('-');
  const prefix = event.streamId.slice(0, dash);
  return prefix === 'User' || prefix === 'Onboarding' ? event.streamId.slice(dash + 1) : null;
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
  return {
    ...row,
    steps: [...s.steps],
    completed_steps: completedStepsOf(s),
    current_step: currentStepOf(s),
    training_completed: s.trainingCompleted,
    product_experience_skipped: s.productExperienceSkipped,
  };
}

/**
 * The directory row after one event: `undefined` in, a row out for a registration; null for a
 * deletion; unchanged for anything the directory does not show. Pure.
 */
export function evolveDirectoryRow(
  row: DirectoryRow | null | undefined,
  event: RecordedEvent,
): DirectoryRow | null | undefined {
  if (event.type === 'UserDeleted') return null;
  if (event.streamId.startsWith('User-')) {
    if (event.type === 'UserRegistered') {
      const registered = pickUserColumns(registrationRow(event)) as Omit<DirectoryRow, 'user_id'>;
      return {
        user_id: subjectOf(event)!,
        ...registered,
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

/**
 * Keeps `partner_directory` from user and onboarding events. A batch reads the rows it touches
 * once, folds its events in memory and writes each changed row once.
 */
export const partnerDirectoryProjection: Projection = {
  name: 'partner_directory',
  tables: ['partner_directory'],
  eventTypes: [...new Set([...(usersProjection.eventTypes ?? []), ...ONBOARDING_EVENT_TYPES])],
  async applyBatch(trx: Knex.Transaction, events: RecordedEvent[]) {
    const ids = [...new Set(events.map(subjectOf).filter((id): id is string => id !== null))];
    const rows = new Map<string, DirectoryRow | null | undefined>();
    for (let i = 0; i < ids.length; i += CHUNK) {
      const found = await trx<DirectoryRow>('partner_directory').whereIn('user_id', ids.slice(i, i + CHUNK));
      for (const row of found) rows.set(row.user_id, row);
    }
    const changed = new Set<string>();
    for (const event of events) {
      const id = subjectOf(event);
      if (id === null) continue;
      const before = rows.get(id);
      const after = evolveDirectoryRow(before, event);
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
  },
  apply(trx, event) {
    return partnerDirectoryProjection.applyBatch!(trx, [event]);
  },
};
