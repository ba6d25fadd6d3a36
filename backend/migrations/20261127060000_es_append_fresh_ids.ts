import type { Knex } from 'knex';

/**
 * `es_append` takes `p_check_ids`: false when the caller made the event ids for this very append
 * (random uuids, no Idempotency-Key), which no earlier append can hold, so the idempotent-retry
 * check does not read the stream's events. That check filters a stream's events on their ids
 * (there is no (stream_id, event_id) index: migration 20261123000200), so its cost grows with the
 * stream. Every other check is unchanged (the stream lock first, tombstones refused, the expected
 * revision); a caller that may send ids again (an Idempotency-Key, a resend) passes true.
 * The six-argument form stays, checking ids, for processes that still call it during a deploy.
 */
export async function up(knex: Knex) {
  await knex.raw(`
create or replace function es_append(
  p_stream text, p_expected text, p_ids uuid[], p_types text[], p_data jsonb[], p_meta jsonb[],
  p_check_ids boolean
) returns table (
  outcome text, current_revision bigint, next_revision bigint, last_tx_id xid8, last_seq bigint,
  seqs bigint[], created_at timestamptz
)
language plpgsql as $fn$
declare
  v_deleted text;
  v_head bigint;
  v_current bigint;
  v_existing int := 0;
  v_base bigint;
  v_count int := coalesce(array_length(p_ids, 1), 0);
  v_seq bigint;
begin
  -- Taken before any write, so this transaction's id is assigned after the lock is held.
  perform pg_advisory_xact_lock(hashtextextended(p_stream, 0));
  -- read after the lock (each statement sees what committed before it started)
  select max(e.revision) into v_head from es_events e where e.stream_id = p_stream;
  select s.deleted into v_deleted from es_streams s where s.stream_id = p_stream;
  if v_deleted = 'tombstone' then
    outcome := 'deleted';
    return next;
    return;
  end if;
  v_current := case when v_deleted is null then v_head else null end;
  -- ids made for this append (random) cannot be in the stream: no scan of its events
  if v_head is not null and p_check_ids then
    select count(*) into v_existing from es_events e where e.stream_id = p_stream and e.event_id = any(p_ids);
  end if;
  if v_existing = v_count and v_count > 0 then
    return query
      select 'duplicate'::text, v_current, e.revision, e.tx_id, e.global_seq, null::bigint[], e.created_at
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
    outcome := 'conflict';
    current_revision := v_current;
    return next;
    return;
  end if;

  v_base := coalesce(v_head, -1) + 1;
  -- one event (nearly every append): a plain INSERT, no data-modifying CTE and aggregate
  if v_count = 1 then
    insert into es_events (stream_id, revision, event_id, type, data, metadata)
    values (p_stream, v_base, p_ids[1], p_types[1], p_data[1], p_meta[1])
    returning es_events.global_seq into v_seq;
    seqs := array[v_seq];
  else
    with inserted as (
      insert into es_events (stream_id, revision, event_id, type, data, metadata)
      select p_stream, v_base + ord - 1, id, type, data, meta
      from unnest(p_ids, p_types, p_data, p_meta) with ordinality as e(id, type, data, meta, ord)
      order by ord
      returning es_events.global_seq, es_events.revision
    )
    select max(i.global_seq), array_agg(i.global_seq order by i.revision) into v_seq, seqs from inserted i;
  end if;
  -- appending to a soft-deleted stream brings it back (its old events stay truncated)
  if v_deleted = 'soft' then
    update es_streams set deleted = null where stream_id = p_stream;
  end if;
  -- the answer row from variables (RETURN NEXT), not from a query
  outcome := 'ok';
  current_revision := v_current;
  next_revision := v_base + v_count - 1;
  last_tx_id := pg_current_xact_id();
  last_seq := v_seq;
  created_at := now();
  return next;
end
$fn$;

create or replace function es_append(
  p_stream text, p_expected text, p_ids uuid[], p_types text[], p_data jsonb[], p_meta jsonb[]
) returns table (
  outcome text, current_revision bigint, next_revision bigint, last_tx_id xid8, last_seq bigint,
  seqs bigint[], created_at timestamptz
)
language sql as $fn$
  select * from es_append(p_stream, p_expected, p_ids, p_types, p_data, p_meta, true)
$fn$;
`);
}

export async function down(knex: Knex) {
  await knex.raw('drop function if exists es_append(text, text, uuid[], text[], jsonb[], jsonb[], boolean)');
  const previous = await import('./20261126121500_es_append_single_row');
  await previous.up(knex);
}
