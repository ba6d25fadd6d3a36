import type { AuditEntry } from '@portal/contracts/admin/schemas';
import { allEvents } from '@portal/contracts';
import type { Db } from '../../infra/db';
import { escapeLike } from './userQueries';

/** The audit log (one row per event) with the names of the actor and of the user it is about. */
export interface AuditFilter {
  eventType?: string | string[];
  actorId?: string;
  subjectId?: string;
  from?: string;
  to?: string;
  q?: string;
  id?: string | string[];
}

const asUuid = (col: string) =>
  `(case when ${col} ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then ${col}::uuid end)`;

interface AuditRow {
  event_id: string;
  position: string;
  occurred_at: Date;
  event_type: string;
  summary: string;
  changes: Record<string, unknown> | null;
  stream_id: string;
  subject_id: string | null;
  actor_id: string | null;
  correlation_id: string | null;
  actor_first: string | null;
  actor_last: string | null;
  subject_first: string | null;
  subject_last: string | null;
}

const name = (first: string | null, last: string | null) =>
  first === null ? null : `${first} ${last ?? ''}`.trim();

const toEntry = (r: AuditRow, before: Record<string, unknown> | null = null): AuditEntry => ({
  id: r.event_id,
  occurredAt: new Date(r.occurred_at).toISOString(),
  eventType: r.event_type,
  summary: r.summary,
  changes: r.changes,
  before,
  streamId: r.stream_id,
  subjectId: r.subject_id,
  subjectName: name(r.subject_first, r.subject_last),
  actorId: r.actor_id,
  actorName: r.actor_id === null ? null : name(r.actor_first, r.actor_last),
  correlationId: r.correlation_id,
});

function filtered(db: Db, filter: AuditFilter = {}) {
  const q = db('audit_log as l');
  if (filter.eventType !== undefined)
    q.whereIn('l.event_type', Array.isArray(filter.eventType) ? filter.eventType : [filter.eventType]);
  if (filter.actorId) q.where('l.actor_id', filter.actorId);
  if (filter.subjectId) q.where('l.subject_id', filter.subjectId);
  if (filter.from) q.where('l.occurred_at', '>=', new Date(filter.from));
  if (filter.to) {
    // a bare date means "until the end of that day"
    const to = /^\d{4}-\d{2}-\d{2}$/.test(filter.to)
      ? new Date(Date.parse(filter.to) + 86_400_000)
      : new Date(filter.to);
    q.where('l.occurred_at', '<', to);
  }
  if (filter.q?.trim()) {
    const like = `%${escapeLike(filter.q.trim())}%`;
    // the rows name the user they are about and who acted: a search finds those people too
    const people = db('users')
      .select(db.raw('id::text'))
      .whereRaw(`first_name || ' ' || last_name ilike ?`, [like])
      .orWhereILike('email', like);
    q.where((w) =>
      w
        .whereILike('l.summary', like)
        .orWhereILike('l.event_type', like)
        .orWhereIn('l.subject_id', people)
        .orWhereIn('l.actor_id', people),
    );
  }
  if (filter.id !== undefined) q.whereIn('l.event_id', Array.isArray(filter.id) ? filter.id : [filter.id]);
  return q;
}

export async function listAudit(
  db: Db,
  options: { filter?: AuditFilter; sort?: [string, 'ASC' | 'DESC']; offset: number; limit: number },
): Promise<{ rows: AuditEntry[]; total: number }> {
  const [field, dir] = options.sort ?? ['occurredAt', 'DESC'];
  const direction = dir === 'ASC' ? 'asc' : 'desc';
  const order = field === 'eventType' ? 'l.event_type' : field === 'id' ? 'l.event_id' : 'l.occurred_at';
  const rowsQuery = filtered(db, options.filter)
    .joinRaw(`left join users as a on a.id = ${asUuid('l.actor_id')}`)
    .joinRaw(`left join users as s on s.id = ${asUuid('l.subject_id')}`)
    .select(
      'l.*',
      'a.first_name as actor_first',
      'a.last_name as actor_last',
      's.first_name as subject_first',
      's.last_name as subject_last',
    )
    .orderByRaw(`${order} ${direction}, l.position ${direction}`)
    .offset(options.offset)
    .limit(options.limit);
  const [rows, count] = await Promise.all([
    rowsQuery,
    filtered(db, options.filter).count<{ count: number }[]>({ count: '*' }).first(),
  ]);
  const entries = await Promise.all(
    (rows as AuditRow[]).map(async (r) => toEntry(r, await valuesBefore(db, r))),
  );
  return { rows: entries, total: Number(count?.count ?? 0) };
}

/** Events that change a user's details: their history shows each field's value before and after. */
const EDITS = new Set(['UserDetailsEdited', 'ProfileUpdated']);

/**
 * The value each changed field had before an edit: the latest earlier audit row of the same user
 * that recorded that field (registration, an earlier edit). Null for other events, or when the
 * earlier values were erased.
 */
async function valuesBefore(db: Db, r: AuditRow): Promise<Record<string, unknown> | null> {
  if (!EDITS.has(r.event_type) || !r.changes || !r.subject_id) return null;
  const keys = Object.keys(r.changes);
  if (keys.length === 0) return null;
  const earlier = await db('audit_log')
    .where({ subject_id: r.subject_id })
    .where('position', '<', r.position)
    .whereNotNull('changes')
    .whereRaw(`jsonb_exists_any(changes, array[${keys.map(() => '?').join(', ')}]::text[])`, keys)
    .orderBy('position', 'desc')
    .limit(50)
    .select<{ changes: Record<string, unknown> }[]>('changes');
  const before: Record<string, unknown> = {};
  for (const key of keys) {
    const row = earlier.find((e) => key in e.changes);
    if (row) before[key] = row.changes[key];
  }
  return Object.keys(before).length ? before : null;
}

/** Event types for the filter: every type the system records, by name. */
export const auditEventTypes = () =>
  allEvents
    .map((e) => e.type)
    .sort()
    .map((type) => ({ id: type, name: type }));
