import type { Knex } from 'knex';

/**
 * The audit log kept two indexes led by `subject_id`: its own and `audit_log_subject_time`
 * (subject, then time). Every lookup by subject (a user's history, the erasure of a deleted
 * user's data, the earlier values of a change) is served by the second, so the first only cost
 * one more index entry for every event the projection writes.
 */
export async function up(knex: Knex) {
  await knex.raw('drop index if exists audit_log_subject_id_index');
}

export async function down(knex: Knex) {
  await knex.raw('create index if not exists audit_log_subject_id_index on audit_log (subject_id)');
}
