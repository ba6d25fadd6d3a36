import type { Knex } from 'knex';

/** Live-call reminders (issue 18 point 5): the partner's opt-in, kept by the `coaching` projection. */
export async function up(knex: Knex) {
  await knex.schema.alterTable('coaching', (t) => {
    t.boolean('call_reminders').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('coaching', (t) => {
    t.dropColumn('call_reminders');
  });
}
