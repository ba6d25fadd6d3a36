import type { Knex } from 'knex';

/** Per partner: the opt-out of nudges and the latest nudge (projection of `Coaching-<id>`). */
export async function up(knex: Knex) {
  await knex.schema.createTable('coaching', (t) => {
    t.uuid('partner_id').primary();
    t.boolean('nudges_off').notNullable().defaultTo(false);
    t.timestamp('last_nudge_at', { useTz: true });
    t.uuid('last_nudge_sponsor_id');
    t.text('last_nudge_note');
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('coaching');
}
