import { SECRET_EVENT_FIELDS, eventsByType } from '@portal/contracts';
import type { RecordedEvent } from '../eventStore/port';
import type { Projection } from './projection';

/** Subject of an event: the id after the category in `<Category>-<id>`. */
export const subjectOf = (streamId: string) => streamId.slice(streamId.indexOf('-') + 1) || null;

/**
 * The event's one-line summary; an event the contracts cannot read (an unknown type, or data
 * that no longer matches its schema) is said to be unreadable, with why, never passed over.
 * Zod's messages name fields and expectations, not values, so no personal data enters.
 */
export function summaryOf(event: Pick<RecordedEvent, 'type' | 'data'>): string {
  const def = eventsByType.get(event.type);
  if (!def) return `Unreadable event: the contracts declare no type ${event.type}`;
  const parsed = def.schema.safeParse(event.data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'data'}: ${i.message}`);
    return `Unreadable event: ${problems.join('; ')}`;
  }
  return def.summary(parsed.data);
}

/**
 * Audit log: one row per event (time, stream, type, actor, summary, changed values).
 * Secrets never enter it; when a user is deleted, personal data in that user's rows is erased
 * and only what happened, when and by whom is kept.
 */
function auditRow(event: RecordedEvent) {
  const data = (event.data ?? {}) as Record<string, unknown>;
  const changes = Object.fromEntries(Object.entries(data).filter(([k]) => !SECRET_EVENT_FIELDS.has(k)));
  const summary = summaryOf(event);
  const meta = event.metadata as { actorId?: string | null; correlationId?: string };
  return {
    event_id: event.id,
    position: event.position,
    stream_id: event.streamId,
    subject_id: (data.userId as string | undefined) ?? subjectOf(event.streamId),
    event_type: event.type,
    actor_id: meta.actorId ?? null,
    summary,
    changes: Object.keys(changes).length ? JSON.stringify(changes) : null,
    correlation_id: meta.correlationId ?? null,
    occurred_at: event.createdAt,
  };
}

export const auditLogProjection: Projection = {
  name: 'audit_log',
  tables: ['audit_log'],
  // read by admins: each read catches up, commands do not wait
  readYourWrites: 'read',
  async apply(trx, event) {
    await auditLogProjection.applyBatch!(trx, [event]);
  },
  async applyBatch(trx, events) {
    const rows = events.map(auditRow);
    for (let i = 0; i < rows.length; i += 500) {
      await trx('audit_log')
        .insert(rows.slice(i, i + 500))
        .onConflict('event_id')
        .ignore();
    }
    // A deletion erases the personal data of everything recorded about that user before it.
    for (const row of rows) {
      if (row.event_type !== 'UserDeleted' || !row.subject_id) continue;
      await trx('audit_log')
        .where({ subject_id: row.subject_id })
        .whereNot({ event_id: row.event_id })
        .update({ changes: null, summary: trx.raw("event_type || ' (personal data erased)'") });
    }
  },
};
