import type { Knex } from 'knex';

/**
 * Indexes for the partners directory: a sponsor's partners in each sort order of the list
 * (last login, name, date created), so a page of a large team is read in order from the index
 * instead of sorting the whole team. Progress sorting and the status filter use
 * onboarding_progress (primary key user_id, index on completed_steps).
 */
export async function up(knex: Knex) {
  await knex.raw('create index if not exists users_sponsor_created on users (sponsor_id, created_at, id)');
  await knex.raw(
    'create index if not exists users_sponsor_last_login on users (sponsor_id, last_login_at desc nulls last, id desc)',
  );
  await knex.raw(
    'create index if not exists users_sponsor_name on users (sponsor_id, lower(first_name), lower(last_name), id)',
  );
}

export async function down(knex: Knex) {
  await knex.raw('drop index if exists users_sponsor_created');
  await knex.raw('drop index if exists users_sponsor_last_login');
  await knex.raw('drop index if exists users_sponsor_name');
}
