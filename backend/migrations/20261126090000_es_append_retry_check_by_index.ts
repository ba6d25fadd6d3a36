import type { Knex } from 'knex';

/**
 * The idempotent-retry check of `es_append` (are these event ids already in the stream?) read
 * every event of the stream through the (stream_id, revision) index and filtered them on
 * event_id, so its cost grew with the stream: about 1.4 µs an event, 1.5 to 2 ms on the bench
 * partners' onboarding streams of 1,300 events and 7 ms on one of 5,000, on every append to a
 * stream that has events (every command but a stream's first). The (stream_id, event_id)
 * unique index, dropped by 20261123000200 to save one index insert per event, is back, and the
 * check looks each id up in it: one index probe per appended event, whatever the stream's
 * length. Every check is unchanged (stream lock first, tombstones refused, retried ids answered
 * as duplicates, the expected revision).
 */
export async function up(knex: Knex) {
  await knex.raw(
    'alter table es_events add constraint es_events_stream_id_event_id_key unique (stream_id, event_id)',
  );
  await knex.raw(`
create or replace function es_append(
  p_stream text, p_expected text, p_ids uuid[], p_types text[], p_data jsonb[], p_meta jsonb[]
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
  v_seqs bigint[];
begin
  -- Taken before any write, so this transaction's id is assigned after the lock is held.
  perform pg_advisory_xact_lock(hashtextextended(p_stream, 0));
  select s.deleted, (select max(e.revision) from es_events e where e.stream_id = p_stream)
    into v_deleted, v_head
    from (select 1) one left join es_streams s on s.stream_id = p_stream;
  if v_deleted = 'tombstone' then
    return query select 'deleted'::text, null::bigint, null::bigint, null::xid8, null::bigint, null::bigint[], null::timestamptz;
    return;
  end if;
  v_current := case when v_deleted is null then v_head else null end;

  if v_head is not null then
    -- each id looked up in the (stream_id, event_id) index, whatever the stream's length
    select count(*) into v_existing
      from (select distinct id from unnest(p_ids) id) i
      join es_events e on e.stream_id = p_stream and e.event_id = i.id;
  end if;
  if v_existing = v_count and v_count > 0 then
    return query
      select 'duplicate'::text, v_current, e.revision, e.tx_id, e.global_seq, null::bigint[], e.created_at
      from (select distinct id from unnest(p_ids) id) i
      join es_events e on e.stream_id = p_stream and e.event_id = i.id
      order by e.revision desc limit 1;
    return;
  end if;
  if v_existing > 0 or not (
    p_expected = 'any'
    or (p_expected = 'no_stream' and v_current is null)
    or (p_expected = 'stream_exists' and v_current is not null)
    or (p_expected ~ '^[0-9]+$' and coalesce(v_current = p_expected::bigint, false))
  ) then
    return query select 'conflict'::text, v_current, null::bigint, null::xid8, null::bigint, null::bigint[], null::timestamptz;
    return;
  end if;

  v_base := coalesce(v_head, -1) + 1;
  with inserted as (
    insert into es_events (stream_id, revision, event_id, type, data, metadata)
    select p_stream, v_base + ord - 1, id, type, data, meta
    from unnest(p_ids, p_types, p_data, p_meta) with ordinality as e(id, type, data, meta, ord)
    order by ord
    returning global_seq, revision
  )
  select max(i.global_seq), array_agg(i.global_seq order by i.revision) into v_seq, v_seqs from inserted i;
  -- appending to a soft-deleted stream brings it back (its old events stay truncated)
  if v_deleted = 'soft' then
    update es_streams set deleted = null where stream_id = p_stream;
  end if;
  return query select 'ok'::text, v_current, v_base + v_count - 1, pg_current_xact_id(), v_seq, v_seqs, now();
end
$fn$;
`);
}

export async function down(knex: Knex) {
  await knex.raw('alter table es_events drop constraint if exists es_events_stream_id_event_id_key');
  const previous = await import('./20261126000000_es_append_one_lookup');
  await previous.up(knex);
}
