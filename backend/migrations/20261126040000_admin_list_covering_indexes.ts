import type { Knex } from 'knex';

/**
 * The admin list's two busiest orders (newest sign-in first, the list's default of newest
 * account first) as covering indexes: they also hold the search text and the lock flag, so a
 * page's ids come from an index-only scan that filters as it walks, and the rows the offset or
 * the search skips are never read from the table (backend/src/features/admin/userQueries.ts).
 * Same keys as the indexes they replace (20261122050100_admin_user_list_indexes).
 */
const COVERING = [
  ['users_admin_last_login', 'last_login_at desc nulls last, id desc'],
  ['users_admin_created', 'created_at, id'],
] as const;

export async function up(knex: Knex) {
  for (const [name, keys] of COVERING) {
    await knex.raw(`create index ${name}_covering on users (${keys}) include (is_locked, search_text)`);
    await knex.raw(`drop index if exists ${name}`);
  }
}

export async function down(knex: Knex) {
  for (const [name, keys] of COVERING) {
    await knex.raw(`create index if not exists ${name} on users (${keys})`);
    await knex.raw(`drop index if exists ${name}_covering`);
  }
}
