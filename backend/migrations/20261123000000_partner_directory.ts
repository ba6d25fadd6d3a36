import type { Knex } from 'knex';

/**
 * The partners directory read model: one row per user with everything the sponsor's list
 * searches, filters, sorts and counts on (names, e-mail, member id, last login, creation date
 * and foundation progress), kept by the partner-directory projection from user and onboarding
 * events. One table and one index range per sponsor means a team of thousands is read like a
 * team of ten: the list no longer looks up a progress row per partner, and the whole downline is
 * one index lookup on the ancestors path instead of a walk down the tree.
 */
export async function up(knex: Knex) {
  await knex.raw('create extension if not exists pg_trgm');
  await knex.schema.createTable('partner_directory', (t) => {
    t.uuid('user_id').primary();
    t.uuid('sponsor_id').nullable();
    // Everyone above, from the top of the tree down to the sponsor (a deleted one as NULL): the
    // whole downline of X is `ancestors @> {X}`, and X's level above a row is its distance from the end.
    t.specificType('ancestors', 'uuid[]').notNullable().defaultTo(knex.raw("'{}'"));
    t.text('uid').notNullable();
    t.text('first_name').notNullable();
    t.text('last_name').notNullable();
    t.text('email').notNullable();
    t.timestamp('last_login_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.specificType('steps', 'boolean[]').notNullable().defaultTo(knex.raw("'{f,f,f,f,f}'"));
    t.smallint('completed_steps').notNullable().defaultTo(0);
    t.smallint('current_step').notNullable().defaultTo(1);
    t.boolean('training_completed').notNullable().defaultTo(false);
    t.boolean('product_experience_skipped').notNullable().defaultTo(false);
  });
  // `first last email uid`, lower-cased once when the row is written: searched with LIKE, no case
  // folding of every row at every search.
  await knex.raw(
    "alter table partner_directory add column search_text text generated always as (lower(first_name || ' ' || last_name || ' ' || email || ' ' || uid)) stored",
  );
  await knex.raw(
    'alter table partner_directory add constraint partner_directory_steps_range check (completed_steps between 0 and 5 and current_step between 1 and 5)',
  );
  // One index per sort order of the list, each led by the sponsor and ended by the id tie-breaker.
  await knex.raw(
    'create index partner_directory_last_login on partner_directory (sponsor_id, last_login_at desc nulls last, user_id desc)',
  );
  await knex.raw(
    'create index partner_directory_name on partner_directory (sponsor_id, lower(first_name), lower(last_name), user_id)',
  );
  await knex.raw(
    'create index partner_directory_created on partner_directory (sponsor_id, created_at, user_id)',
  );
  // Progress sort, status filter and status counts: a range of (sponsor, completed steps).
  await knex.raw(
    'create index partner_directory_progress on partner_directory (sponsor_id, completed_steps, last_login_at)',
  );
  // fastupdate off: entries go straight into the GIN trees instead of a pending list that every
  // read would scan until the next vacuum (measured: 9 ms to find 10 partners behind a full list).
  await knex.raw(
    'create index partner_directory_ancestors on partner_directory using gin (ancestors) with (fastupdate = off)',
  );
  await knex.raw(
    'create index partner_directory_search on partner_directory using gin (search_text gin_trgm_ops) with (fastupdate = off)',
  );
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('partner_directory');
}
