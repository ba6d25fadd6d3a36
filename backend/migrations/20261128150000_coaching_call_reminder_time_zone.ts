import type { Knex } from 'knex';

/**
 * The time zone of the start times in a partner's live-call reminders (null: New York, the
 * calls' own), kept by the `coaching` projection.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('coaching', (t) => {
    t.text('call_reminder_time_zone');
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('coaching', (t) => {
    t.dropColumn('call_reminder_time_zone');
  });
}
