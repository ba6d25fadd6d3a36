/**
 * Partner progress status: the one place where "complete / in progress / not started" and the
 * progress percent are decided (spec: partner status derived from progress). The partners list,
 * the partners stats and the admin user list all use these functions, and the SQL builders below
 * express the same rule so lists can filter and count in the database.
 *
 * Pure: no database or framework imports. The SQL builders only accept column identifiers
 * written by the programmer (validated), never user input.
 */
import { STEP_COUNT } from '@portal/contracts/onboarding/endpoints';
import { foundationStepsDone, progressPercentOf } from '@portal/contracts/onboarding/foundation';
import type { PartnerStatusFilter } from '@portal/contracts/partners/endpoints';

/** The status names are the contract's (contracts/src/partners/endpoints.ts). */
export type PartnerStatus = Exclude<PartnerStatusFilter, 'all'>;

/** Progress percent = completed steps / 5, rounded (0..100). Out-of-range input is clamped. */
export function progressPercent(completedSteps: number): number {
  return progressPercentOf(clampSteps(completedSteps));
}

/**
 * complete when all five steps are done; in progress when some steps are done and the partner
 * has logged in; not started when no step is done or the partner never logged in.
 */
export function partnerStatus(input: {
  completedSteps: number;
  lastLoginAt: Date | string | null | undefined;
}): PartnerStatus {
  const steps = clampSteps(input.completedSteps);
  if (steps >= STEP_COUNT) return 'complete';
  if (steps > 0 && input.lastLoginAt != null && input.lastLoginAt !== '') return 'in-progress';
  return 'not-started';
}

/** A step flag as it may arrive from older data: true, 't' or 'true' mean done. */
function isStepDone(flag: unknown): boolean {
  return flag === true || flag === 't' || flag === 'true';
}

/** Completed steps from the five step flags (step1Completed..step5Completed). */
export function countCompletedSteps(flags: readonly unknown[]): number {
  return flags.slice(0, STEP_COUNT).filter(isStepDone).length;
}

function clampSteps(n: number): number {
  return foundationStepsDone({ completedSteps: n, trainingCompleted: false });
}

// ---------------------------------------------------------------------------------------------
// The same rule in SQL (PostgreSQL). Use with knex.raw / whereRaw: the strings contain only the
// validated column identifiers and constants, no values.

/** Column references for the SQL builders, e.g. { completedSteps: 'p.completed_steps', lastLoginAt: 'u.last_login_at' }. */
export interface StatusColumns {
  /** onboarding_progress.completed_steps; may be NULL (left join, no progress row yet) and is then 0. */
  completedSteps: string;
  /** users.last_login_at */
  lastLoginAt: string;
  /** true when completedSteps is never NULL: the SQL then compares the column itself, so an index on it applies */
  completedStepsNotNull?: boolean;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$/;

function checked(cols: StatusColumns): { steps: string; login: string } {
  for (const c of [cols.completedSteps, cols.lastLoginAt]) {
    if (!IDENTIFIER.test(c)) throw new Error(`Not a column identifier: ${c}`);
  }
  const steps = cols.completedStepsNotNull ? cols.completedSteps : `coalesce(${cols.completedSteps}, 0)`;
  return { steps, login: cols.lastLoginAt };
}

/** A boolean SQL predicate true exactly when partnerStatus(...) === status. */
export function statusPredicateSql(status: PartnerStatus, cols: StatusColumns): string {
  const { steps, login } = checked(cols);
  switch (status) {
    case 'complete':
      return `(${steps} >= ${STEP_COUNT})`;
    case 'in-progress':
      return `(${steps} > 0 and ${steps} < ${STEP_COUNT} and ${login} is not null)`;
    case 'not-started':
      return `(${steps} < ${STEP_COUNT} and (${steps} <= 0 or ${login} is null))`;
  }
}

/** A SQL expression giving the status text ('complete' | 'in-progress' | 'not-started'). */
export function statusExpressionSql(cols: StatusColumns): string {
  return `(case when ${statusPredicateSql('complete', cols)} then 'complete' when ${statusPredicateSql('in-progress', cols)} then 'in-progress' else 'not-started' end)`;
}

/** A SQL expression giving the progress percent (integer 0..100), same rounding as progressPercent. */
export function progressPercentSql(cols: Pick<StatusColumns, 'completedSteps'>): string {
  if (!IDENTIFIER.test(cols.completedSteps))
    throw new Error(`Not a column identifier: ${cols.completedSteps}`);
  return `(least(greatest(coalesce(${cols.completedSteps}, 0), 0), ${STEP_COUNT}) * 100 / ${STEP_COUNT})`;
}

/** Aggregates for a stats query: `count(*) filter (where …)` per status, named trainingComplete and inProgress. */
export function statusCountsSql(cols: StatusColumns): string {
  return [
    `count(*)::int as "totalPartners"`,
    `(count(*) filter (where ${statusPredicateSql('complete', cols)}))::int as "trainingComplete"`,
    `(count(*) filter (where ${statusPredicateSql('in-progress', cols)}))::int as "inProgress"`,
    `(count(*) filter (where ${statusPredicateSql('not-started', cols)}))::int as "notStarted"`,
  ].join(', ');
}
