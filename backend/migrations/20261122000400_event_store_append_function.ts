import type { Knex } from 'knex';

/**
 * es_append: the whole append (stream lock, expected-revision check, idempotent retry, insert,
 * stream head update) in one statement, so an append costs one round trip.
 * NOTIFY is sent by the caller after COMMIT (a NOTIFY inside the transaction would serialize
 * every appending commit on PostgreSQL's notification queue lock).
 * Outcomes: ok, duplicate (same event ids already appended: the original result), conflict
 * (wrong expected revision), deleted (tombstoned stream).
 */
export async function up(knex: Knex) {
  await knex.raw(`
create or replace function es_append(
  p_stream text, p_expected text, p_ids uuid[], p_types text[], p_data jsonb[], p_meta jsonb[]
) returns table (outcome text, current_revision bigint, next_revision bigint, last_tx_id xid8, last_seq bigint)
language plpgsql as $fn$
declare
  v_found boolean;
  v_revision bigint;
  v_deleted text;
  v_current bigint;
  v_existing int;
  v_base bigint;
  v_count int := coalesce(array_length(p_ids, 1), 0);
  v_seq bigint;
begin
  -- Taken before any write, so this transaction's id is assigned after the lock is held.
  perform pg_advisory_xact_lock(hashtextextended(p_stream, 0));
  select s.revision, s.deleted into v_revision, v_deleted from es_streams s where s.stream_id = p_stream;
  v_found := found;
  if v_found and v_deleted = 'tombstone' then
    return query select 'deleted'::text, null::bigint, null::bigint, null::xid8, null::bigint;
    return;
  end if;
  v_current := case when v_found and v_deleted is null and v_revision >= 0 then v_revision else null end;

  select count(*) into v_existing from es_events e where e.stream_id = p_stream and e.event_id = any(p_ids);
  if v_existing = v_count and v_count > 0 then
    return query
      select 'duplicate'::text, v_current, e.revision, e.tx_id, e.global_seq
      from es_events e where e.stream_id = p_stream and e.event_id = any(p_ids)
      order by e.revision desc limit 1;
    return;
  end if;
  if v_existing > 0 or not (
    p_expected = 'any'
    or (p_expected = 'no_stream' and v_current is null)
    or (p_expected = 'stream_exists' and v_current is not null)
    or (p_expected ~ '^[0-9]+$' and coalesce(v_current = p_expected::bigint, false))
  ) then
    return query select 'conflict'::text, v_current, null::bigint, null::xid8, null::bigint;
    return;
  end if;

  v_base := case when v_found then v_revision + 1 else 0 end;
  with inserted as (
    insert into es_events (stream_id, revision, event_id, type, data, metadata)
    select p_stream, v_base + ord - 1, id, type, data, meta
    from unnest(p_ids, p_types, p_data, p_meta) with ordinality as e(id, type, data, meta, ord)
    order by ord
    returning global_seq
  )
  select max(global_seq) into v_seq from inserted;
  insert into es_streams (stream_id, revision) values (p_stream, v_base + v_count - 1)
    on conflict (stream_id) do update set revision = excluded.revision, deleted = null;
  return query select 'ok'::text, v_current, v_base + v_count - 1, pg_current_xact_id(), v_seq;
end
$fn$;
`);
}

export async function down(knex: Knex) {
  await knex.raw('drop function if exists es_append(text, text, uuid[], text[], jsonb[], jsonb[])');
}
