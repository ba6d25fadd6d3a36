import type { Knex } from 'knex';

/**
 * The admin user list sorted by name orders by the first name, then the last name, then the id
 * (namesakes came out in any order): the first-name index gets the last name between them, so a
 * page still walks an index in order.
 */
export async function up(knex: Knex) {
  await knex.raw(
    'create index if not exists users_admin_full_name on users (lower(first_name), lower(last_name), id)',
  );
  await knex.raw('drop index if exists users_admin_first_name');
}

export async function down(knex: Knex) {
  await knex.raw('create index if not exists users_admin_first_name on users (lower(first_name), id)');
  await knex.raw('drop index if exists users_admin_full_name');
}
