import type { Knex } from 'knex';

/**
 * A live call may have no join link yet: every deployment starts with the spec's three calls
 * without one, and an admin sets (or clears) it in the console (docs/decisions/content.md).
 */
export async function up(knex: Knex) {
  await knex.raw('alter table live_calls alter column zoom_link drop not null');
}

export async function down(knex: Knex) {
  await knex.raw("update live_calls set zoom_link = '' where zoom_link is null");
  await knex.raw('alter table live_calls alter column zoom_link set not null');
}
