import type { Knex } from 'knex';

/**
 * The admin list's search text as a stored generated column, lower-cased once when a row is
 * written: the list matches it with LIKE on a lower-cased term, instead of ILIKE (case folding of
 * every row at every search) over a concatenation. Same as partner_directory.search_text.
 */
export async function up(knex: Knex) {
  await knex.raw(
    "alter table users add column search_text text generated always as (lower(first_name || ' ' || last_name || ' ' || email || ' ' || uid)) stored",
  );
  await knex.raw(
    'create index users_search_text on users using gin (search_text gin_trgm_ops) with (fastupdate = off)',
  );
  await knex.raw('drop index if exists users_search_trgm');
}

export async function down(knex: Knex) {
  await knex.raw(
    "create index users_search_trgm on users using gin ((first_name || ' ' || last_name || ' ' || email_lower || ' ' || uid) gin_trgm_ops)",
  );
  await knex.raw('drop index if exists users_search_text');
  await knex.raw('alter table users drop column search_text');
}
