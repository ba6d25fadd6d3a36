import type { Knex } from 'knex';
import {
  DEFAULT_ORDER,
  type PartnerScope,
  type PartnerSort,
  type PartnerStatusFilter,
  type SortOrder,
} from '@portal/contracts/partners/endpoints';
import type { PartnerItem, PartnersStats } from '@portal/contracts/partners/schemas';
import type { Db } from '../../infra/db';
import {
  partnerStatus,
  progressPercent,
  statusCountsSql,
  statusPredicateSql,
  type StatusColumns,
} from '../../domain/progress/status';

/**
 * Read queries of the partners directory, over the `partner_directory` read model (one row per
 * user with sponsor, names, last login and completed steps: see ./projection.ts). Search, status
 * filter, sort and paging run in PostgreSQL on one table; the whole downline is the rows whose
 * ancestors path holds the caller (see docs/decisions/partners.md for the measurements).
 */

const COLS: StatusColumns = {
  completedSteps: 'u.completed_steps',
  lastLoginAt: 'u.last_login_at',
  completedStepsNotNull: true,
};

/** `contains` pattern for ILIKE with the user's %, _ and \ taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface ListFilters {
  callerId: string;
  scope: PartnerScope;
  search?: string;
  status: PartnerStatusFilter;
}

export interface ListOptions extends ListFilters {
  sort: PartnerSort;
  order?: SortOrder;
  page: number;
  pageSize: number;
}

interface PartnerRow {
  id: string;
  uid: string;
  first_name: string;
  last_name: string;
  email: string;
  last_login_at: Date | null;
  created_at: Date;
  sponsor_id: string | null;
  sponsor_first_name: string | null;
  sponsor_last_name: string | null;
  level: number;
  completed_steps: number;
  current_step: number;
  training_completed: boolean;
}

/**
 * Partners of the caller: `direct` are the users whose sponsor is the caller (level 1);
 * `all` follows sponsor links down the whole tree (level 1, 2, …), never past the caller
 * itself or around a cycle.
 */
function scoped(db: Db, callerId: string, scope: PartnerScope): Knex.QueryBuilder {
  if (scope === 'direct') {
    return db({ u: 'partner_directory' }).where('u.sponsor_id', callerId).whereNot('u.user_id', callerId);
  }
  // The whole downline: everyone with the caller on their path (GIN index on ancestors).
  return db({ u: 'partner_directory' }).whereRaw('u.ancestors @> array[?]::uuid[]', [callerId]);
}

/** The caller's level above each row of the whole downline: 1 for their own partners. */
const LEVEL_SQL = '(cardinality(u.ancestors) - array_position(u.ancestors, ?::uuid) + 1)';

function filtered(db: Db, f: ListFilters): Knex.QueryBuilder {
  const q = scoped(db, f.callerId, f.scope);
  const search = f.search?.trim();
  // search_text is stored lower-cased (generated column, trigram index): LIKE, no case folding per row
  if (search) q.whereRaw('u.search_text like lower(?)', [containsPattern(search)]);
  if (f.status !== 'all') q.whereRaw(statusPredicateSql(f.status, COLS));
  return q;
}

function ordered(q: Knex.QueryBuilder, sort: PartnerSort, order: SortOrder) {
  const dir = order === 'asc' ? 'asc' : 'desc';
  // Never-logged-in partners come last when the most recent come first, and first the other way round.
  const loginNulls = dir === 'desc' ? 'nulls last' : 'nulls first';
  switch (sort) {
    case 'lastLogin':
      q.orderByRaw(`u.last_login_at ${dir} ${loginNulls}`);
      break;
    case 'name':
      q.orderByRaw(`lower(u.first_name) ${dir}, lower(u.last_name) ${dir}`);
      break;
    case 'progress':
      q.orderByRaw(`u.completed_steps ${dir}, u.last_login_at desc nulls last`);
      break;
    case 'createdAt':
      q.orderByRaw(`u.created_at ${dir}`);
      break;
  }
  return q.orderByRaw(`u.user_id ${dir}`);
}

const SELECT = [
  'u.user_id as id',
  'u.uid',
  'u.first_name',
  'u.last_name',
  'u.email',
  'u.last_login_at',
  'u.created_at',
  'u.sponsor_id',
  'u.completed_steps',
  'u.current_step',
  'u.training_completed',
  's.first_name as sponsor_first_name',
  's.last_name as sponsor_last_name',
];

function withColumns(db: Db, q: Knex.QueryBuilder, callerId: string, scope: PartnerScope) {
  return q
    .leftJoin({ s: 'partner_directory' }, 's.user_id', 'u.sponsor_id')
    .select(SELECT)
    .select(scope === 'direct' ? db.raw('1 as level') : db.raw(`${LEVEL_SQL} as level`, [callerId]));
}

function toPartnerItem(r: PartnerRow): PartnerItem {
  const completedSteps = Math.max(0, Math.min(5, Number(r.completed_steps) || 0));
  const sponsorName =
    r.sponsor_first_name != null ? `${r.sponsor_first_name} ${r.sponsor_last_name ?? ''}`.trim() : null;
  return {
    id: r.id,
    uid: r.uid,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    lastLoginAt: r.last_login_at ? new Date(r.last_login_at).toISOString() : null,
    createdAt: new Date(r.created_at).toISOString(),
    level: Number(r.level),
    sponsorId: r.sponsor_id,
    sponsorName,
    status: partnerStatus({ completedSteps, lastLoginAt: r.last_login_at }),
    progress: {
      completedSteps,
      percent: progressPercent(completedSteps),
      currentStep: Math.max(1, Math.min(5, Number(r.current_step) || 1)),
      trainingCompleted: Boolean(r.training_completed) || completedSteps === 5,
    },
  };
}

/** The page query and the count query of a list request (exported for EXPLAIN in the scale bench). */
export function listQueries(db: Db, o: ListOptions) {
  const order = o.order ?? DEFAULT_ORDER[o.sort];
  const pageQuery = ordered(withColumns(db, filtered(db, o), o.callerId, o.scope), o.sort, order)
    .limit(o.pageSize)
    .offset((o.page - 1) * o.pageSize);
  const countQuery = filtered(db, o).count<{ count: number }[]>({ count: '*' });
  return { pageQuery, countQuery };
}

/** One page of partners and the number matching the filters (two reads in parallel). */
export async function listPartners(db: Db, o: ListOptions): Promise<{ items: PartnerItem[]; total: number }> {
  const { pageQuery, countQuery } = listQueries(db, o);
  const [rows, [counted]] = await Promise.all([pageQuery as Promise<PartnerRow[]>, countQuery]);
  return { items: rows.map(toPartnerItem), total: Number(counted?.count ?? 0) };
}

export const statsQuery = (db: Db, callerId: string, scope: PartnerScope) =>
  scoped(db, callerId, scope).select(db.raw(statusCountsSql(COLS)));

/** Totals by status for the same scope, by the shared status rule. */
export async function partnerStats(db: Db, callerId: string, scope: PartnerScope): Promise<PartnersStats> {
  const [row] = (await statsQuery(db, callerId, scope)) as PartnersStats[];
  return {
    totalPartners: Number(row?.totalPartners ?? 0),
    trainingComplete: Number(row?.trainingComplete ?? 0),
    inProgress: Number(row?.inProgress ?? 0),
    notStarted: Number(row?.notStarted ?? 0),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ProgressRow {
  step1_completed: boolean;
  step2_completed: boolean;
  step3_completed: boolean;
  step4_completed: boolean;
  step5_completed: boolean;
  current_step: number;
  training_completed: boolean;
  feel_great_link: string | null;
  customer_list: unknown;
  partner_list: unknown;
  product_experience: unknown;
  why_answers: unknown;
}

/**
 * A partner of the caller's downline as a list item (with its level below the caller) and its
 * onboarding_progress row (null: no progress yet); null when the target is not in the caller's
 * downline or does not exist. One primary-key read, whatever the size or depth of the team.
 */
export async function partnerWithProgress(
  db: Db,
  callerId: string,
  partnerId: string,
): Promise<{ item: PartnerItem; progress: ProgressRow | null } | null> {
  if (!UUID.test(partnerId) || partnerId === callerId) return null;
  const row = (await db({ u: 'partner_directory' })
    .leftJoin({ p: 'onboarding_progress' }, 'p.user_id', 'u.user_id')
    .leftJoin({ s: 'partner_directory' }, 's.user_id', 'u.sponsor_id')
    .where('u.user_id', partnerId)
    .whereRaw('u.ancestors @> array[?]::uuid[]', [callerId])
    .first(
      ...SELECT,
      db.raw(`${LEVEL_SQL} as level`, [callerId]),
      db.raw('(p.user_id is not null) as has_progress'),
      'p.step1_completed',
      'p.step2_completed',
      'p.step3_completed',
      'p.step4_completed',
      'p.step5_completed',
      'p.feel_great_link',
      'p.customer_list',
      'p.partner_list',
      'p.product_experience',
      'p.why_answers',
    )) as (PartnerRow & ProgressRow & { has_progress: boolean }) | undefined;
  if (!row) return null;
  return { item: toPartnerItem(row), progress: row.has_progress ? row : null };
}
