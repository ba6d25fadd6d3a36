import type { Knex } from 'knex';

/**
 * Whether the user has a second factor (issue 13 point 3): read by the access policy on every
 * request. The secret and the recovery codes stay on the user stream (encrypted / hashed).
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('users', (t) => {
    t.boolean('second_factor_enrolled').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('second_factor_enrolled');
  });
}
