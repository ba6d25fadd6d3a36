import type { Knex } from 'knex';
import type { AdminUser, UserFilter } from '@portal/contracts/admin/schemas';
import type { AdminSortField } from '@portal/contracts/admin/endpoints';
import { STEP_COUNT } from '@portal/contracts/onboarding/endpoints';
import { partnerStatus, progressPercent, statusPredicateSql } from '../../domain/progress/status';
import { isAdminUser, isAdminUserSql } from '../../app/users';
import type { Db } from '../../infra/db';

/**
 * The admin user list: one query builder for the console list, the spec's paged call, the
 * getMany lookups and the CSV export, so all of them filter and sort the same way.
 */
type UserSortKey = AdminSortField | 'lastName' | 'uid' | 'id';

export interface UserQuery {
  filter?: UserFilter;
  sort?: [UserSortKey, 'ASC' | 'DESC'];
}

const STATUS_COLS = { completedSteps: 'p.completed_steps', lastLoginAt: 'u.last_login_at' };

const SORT_SQL: Record<UserSortKey, string> = {
  createdAt: 'u.created_at',
  lastLoginAt: 'u.last_login_at',
  progress: 'coalesce(p.completed_steps, 0)',
  firstName: 'lower(u.first_name)',
  lastName: 'lower(u.last_name)',
  email: 'u.email_lower',
  uid: 'u.uid',
  id: 'u.id',
};

/** `%`, `_` and `\` are literal in a search. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function applyFilter(q: Knex.QueryBuilder, filter: UserFilter | undefined, adminEmail: string) {
  if (!filter) return q;
  const text = filter.q?.trim();
  if (text) {
    for (const word of text.split(/\s+/).slice(0, 5)) {
      // search_text is stored lower-cased (generated column, trigram index): LIKE, no case folding per row
      q.whereRaw('u.search_text like lower(?)', [`%${escapeLike(word)}%`]);
    }
  }
  switch (filter.status) {
    case 'active':
      q.where('u.is_locked', false);
      break;
    case 'locked':
      q.where('u.is_locked', true);
      break;
    case 'admin':
      q.whereRaw(...isAdminUserSql('u', adminEmail));
      break;
    case 'completed':
      q.whereRaw(statusPredicateSql('complete', STATUS_COLS));
      break;
    default:
      break;
  }
  if (filter.id !== undefined) q.whereIn('u.id', Array.isArray(filter.id) ? filter.id : [filter.id]);
  if (filter.sponsorId) q.where('u.sponsor_id', filter.sponsorId);
  if (filter.newsletter !== undefined) q.where('u.newsletter', filter.newsletter);
  return q;
}

const base = (db: Db) =>
  db('users as u')
    .leftJoin('onboarding_progress as p', 'p.user_id', 'u.id')
    .leftJoin('users as s', 's.id', 'u.sponsor_id');

const COLUMNS = [
  'u.id',
  'u.uid',
  'u.first_name',
  'u.last_name',
  'u.email',
  'u.email_lower',
  'u.sponsor_id',
  'u.is_admin',
  'u.is_locked',
  'u.newsletter',
  'u.must_change_password',
  'u.last_login_at',
  'u.created_at',
  'u.preferred_language',
  'u.second_factor_enrolled',
  's.first_name as sponsor_first_name',
  's.last_name as sponsor_last_name',
  'p.completed_steps',
  'p.training_completed',
];

export interface AdminUserRow {
  id: string;
  uid: string;
  first_name: string;
  last_name: string;
  email: string;
  email_lower: string;
  sponsor_id: string | null;
  is_admin: boolean;
  is_locked: boolean;
  newsletter: boolean;
  must_change_password: boolean;
  last_login_at: Date | null;
  created_at: Date;
  preferred_language: string | null;
  second_factor_enrolled: boolean;
  sponsor_first_name: string | null;
  sponsor_last_name: string | null;
  completed_steps: number | null;
  training_completed: boolean | null;
}

export function toAdminUser(r: AdminUserRow, adminEmail: string): AdminUser {
  const completedSteps = Math.min(STEP_COUNT, Number(r.completed_steps ?? 0));
  return {
    id: r.id,
    uid: r.uid,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    sponsorId: r.sponsor_id,
    sponsorName:
      r.sponsor_first_name !== null ? `${r.sponsor_first_name} ${r.sponsor_last_name ?? ''}`.trim() : null,
    isAdmin: isAdminUser({ isAdmin: r.is_admin, email: r.email }, adminEmail),
    isLocked: r.is_locked,
    newsletter: r.newsletter,
    mustChangePassword: r.must_change_password,
    lastLoginAt: r.last_login_at ? new Date(r.last_login_at).toISOString() : null,
    createdAt: new Date(r.created_at).toISOString(),
    progress: progressPercent(completedSteps),
    completedSteps,
    trainingCompleted: Boolean(r.training_completed) || completedSteps >= STEP_COUNT,
    status: partnerStatus({ completedSteps, lastLoginAt: r.last_login_at }),
    preferredLanguage: r.preferred_language,
    secondFactorEnrolled: r.second_factor_enrolled,
  };
}

/**
 * `order by` of the list: the sort key, then the id, in the order of the admin list's indexes.
 * By name: the first name, then the last name, then the id (namesakes in a stable order).
 */
function orderOf(query: UserQuery) {
  const [key, dir] = query.sort ?? ['createdAt', 'DESC'];
  // Matches the indexes of the admin list migrations: a page walks an index in order.
  const nulls = key === 'lastLoginAt' ? (dir === 'ASC' ? ' nulls first' : ' nulls last') : '';
  const direction = dir === 'ASC' ? 'asc' : 'desc';
  const then = key === 'firstName' ? `, ${SORT_SQL.lastName} ${direction}` : '';
  return `${SORT_SQL[key]} ${direction}${nulls}${then}, u.id ${direction}`;
}

/** The ordered, filtered rows (no paging): the CSV export streams it. */
export function selectUsers(db: Db, query: UserQuery, adminEmail: string) {
  return applyFilter(base(db).select(COLUMNS), query.filter, adminEmail).orderByRaw(orderOf(query));
}

/**
 * Up to this many matches are counted exactly; above it the total is the planner's estimate
 * (kept a minute per query).
 */
const EXACT_COUNT_LIMIT = 1000;

/** The matching users, joined only to what the filter or the sort needs. */
function filteredUsers(db: Db, query: UserQuery, adminEmail: string) {
  const needsProgress = query.filter?.status === 'completed' || query.sort?.[0] === 'progress';
  const q = needsProgress
    ? db('users as u').leftJoin('onboarding_progress as p', 'p.user_id', 'u.id')
    : db('users as u');
  return applyFilter(q, query.filter, adminEmail);
}

/**
 * Whether a filter reads only the columns the covering indexes hold (search text, lock flag):
 * then the count walks one of them (index-only) instead of the table.
 */
const coveredFilter = (filter: UserFilter | undefined) =>
  !filter ||
  ((filter.status === undefined || filter.status === 'active' || filter.status === 'locked') &&
    filter.id === undefined &&
    filter.sponsorId === undefined &&
    filter.newsletter === undefined);

/**
 * Counts the matches up to one past the limit: as much work as there are matches, at most. A
 * covered filter counts in the order of the covering index of creation, so the scan is
 * index-only: small index entries instead of whole rows.
 */
const cappedCount = (db: Db, filter: UserFilter | undefined, adminEmail: string) => {
  const matches = filteredUsers(db, { filter }, adminEmail)
    .select(db.raw('1'))
    .limit(EXACT_COUNT_LIMIT + 1);
  if (coveredFilter(filter)) matches.orderBy(['u.created_at', 'u.id']);
  return db.count('*').from(matches.as('x'));
};

/** Planner estimates by query, for a minute: paging through one search plans its count once. */
const ESTIMATE_TTL_MS = 60_000;
const ESTIMATES_KEPT = 200;
const estimates = new Map<string, { rows: number; until: number }>();

/** Above the limit: the planner's estimate of the matches, marked as such. */
async function estimatedTotal(db: Db, filter: UserFilter | undefined, adminEmail: string) {
  const { sql, bindings } = filteredUsers(db, { filter }, adminEmail).select(db.raw('1')).toSQL();
  const key = `${sql}\u0000${JSON.stringify(bindings)}`;
  const now = Date.now();
  let known = estimates.get(key);
  if (!known || known.until < now) {
    const plan = await db.raw(`explain (format json) ${sql}`, bindings as readonly Knex.Value[]);
    known = {
      rows: Number(plan.rows?.[0]?.['QUERY PLAN']?.[0]?.Plan?.['Plan Rows'] ?? 0),
      until: now + ESTIMATE_TTL_MS,
    };
    estimates.delete(key);
    estimates.set(key, known);
    // the oldest entry goes first (a Map iterates in insertion order)
    if (estimates.size > ESTIMATES_KEPT) estimates.delete(estimates.keys().next().value!);
  }
  return { total: Math.max(EXACT_COUNT_LIMIT + 1, Math.round(known.rows)), exact: false };
}

/**
 * The number of matching users. Counting every match costs as much as there are matches, so
 * a large result (a one-letter search over 100,000 users) is counted up to the limit and then
 * estimated by the planner, and says so (`exact: false`).
 */
async function countUsers(
  db: Db,
  filter: UserFilter | undefined,
  adminEmail: string,
): Promise<{ total: number; exact: boolean }> {
  const row = await cappedCount(db, filter, adminEmail).first();
  const count = Number(row?.count ?? 0);
  if (count <= EXACT_COUNT_LIMIT) return { total: count, exact: true };
  return estimatedTotal(db, filter, adminEmail);
}

type PagedRow = AdminUserRow & { match_count: string };

/**
 * One page and the capped count in one statement. The page's ids come first from the matching
 * users alone, in the order of an index that holds the search text and the lock flag
 * (an index-only scan: the rows skipped by the offset or the filter are never read from the
 * table); only the page's rows are then read and joined to their progress and sponsor.
 */
function pageWithCount(db: Db, query: UserQuery & { offset: number; limit: number }, adminEmail: string) {
  const order = orderOf(query);
  const ids = filteredUsers(db, query, adminEmail)
    .select('u.id')
    .orderByRaw(order)
    .offset(query.offset)
    .limit(query.limit);
  return db
    .from(ids.as('page'))
    .join('users as u', 'u.id', 'page.id')
    .leftJoin('onboarding_progress as p', 'p.user_id', 'u.id')
    .leftJoin('users as s', 's.id', 'u.sponsor_id')
    .select([...COLUMNS, cappedCount(db, query.filter, adminEmail).as('match_count')])
    .orderByRaw(order) as Promise<PagedRow[]>;
}

export async function listUsers(
  db: Db,
  query: UserQuery & { offset: number; limit: number },
  adminEmail: string,
): Promise<{ rows: AdminUser[]; total: number; exact: boolean }> {
  const rows = await pageWithCount(db, query, adminEmail);
  // a page past the end has no row to carry the count: count on its own
  const counted = rows.length ? Number(rows[0].match_count) : null;
  const count =
    counted === null
      ? await countUsers(db, query.filter, adminEmail)
      : counted <= EXACT_COUNT_LIMIT
        ? { total: counted, exact: true }
        : await estimatedTotal(db, query.filter, adminEmail);
  return {
    rows: rows.map((r) => toAdminUser(r, adminEmail)),
    // a non-empty page proves at least offset + rows matches; an empty one proves nothing
    total: rows.length ? Math.max(count.total, query.offset + rows.length) : count.total,
    exact: count.exact,
  };
}

export async function getAdminUser(db: Db, id: string, adminEmail: string): Promise<AdminUser | null> {
  const row = (await base(db).select(COLUMNS).where('u.id', id).first()) as AdminUserRow | undefined;
  return row ? toAdminUser(row, adminEmail) : null;
}
