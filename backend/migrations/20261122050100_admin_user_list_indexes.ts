import type { Knex } from 'knex';

/**
 * Orders of the admin user list, each with the id as tie-breaker, so a page (search, filter,
 * sort, offset) walks an index in order and stops after the page instead of sorting every
 * match. last_login_at: newest first with "never" last, or oldest first with "never" first.
 */
export async function up(knex: Knex) {
  await knex.raw(
    'create index if not exists users_admin_last_login on users (last_login_at desc nulls last, id desc)',
  );
  await knex.raw('create index if not exists users_admin_created on users (created_at, id)');
  await knex.raw('create index if not exists users_admin_first_name on users (lower(first_name), id)');
  await knex.raw('create index if not exists users_admin_email on users (email_lower, id)');
}

export async function down(knex: Knex) {
  for (const name of [
    'users_admin_last_login',
    'users_admin_created',
    'users_admin_first_name',
    'users_admin_email',
  ]) {
    await knex.raw(`drop index if exists ${name}`);
  }
}
