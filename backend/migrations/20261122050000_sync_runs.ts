import type { Knex } from 'knex';

/**
 * Mailing-service sync runs. `sync_runs` holds one row per run with its live counters;
 * `sync_run_pages` is the per-page checkpoint (a page's items, its counters and its checkpoint
 * row are written in one transaction, so a run resumed after a crash skips finished pages and
 * counts nothing twice); `sync_run_items` are the details (e-mail, action, status, error).
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('sync_runs', (t) => {
    t.uuid('id').primary();
    t.text('status').notNullable().defaultTo('queued');
    t.text('trigger').notNullable().defaultTo('manual');
    t.uuid('requested_by').nullable();
    t.text('adapter').notNullable().defaultTo('demo');
    t.integer('page_size').notNullable().defaultTo(1000);
    t.integer('audience_size').nullable();
    t.integer('pages_total').nullable();
    t.text('last_error').nullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true }).nullable();
    t.timestamp('finished_at', { useTz: true }).nullable();
    t.timestamp('heartbeat_at', { useTz: true }).nullable();
  });
  await knex.raw('create index sync_runs_created on sync_runs (created_at desc)');
  // at most one run queued or running at a time
  await knex.raw(
    "create unique index sync_runs_one_active on sync_runs ((true)) where status in ('queued', 'running')",
  );

  await knex.schema.createTable('sync_run_pages', (t) => {
    t.uuid('run_id').notNullable().references('id').inTable('sync_runs').onDelete('CASCADE');
    /** page index (offset / page size) */
    t.integer('page').notNullable();
    t.integer('members').notNullable();
    t.integer('updated').notNullable();
    t.integer('errors').notNullable();
    t.timestamp('done_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['run_id', 'page']);
  });

  await knex.schema.createTable('sync_run_items', (t) => {
    t.bigIncrements('id');
    t.uuid('run_id').notNullable().references('id').inTable('sync_runs').onDelete('CASCADE');
    t.integer('page').notNullable();
    t.text('email').notNullable();
    t.uuid('user_id').nullable();
    t.text('action').notNullable();
    t.text('status').notNullable();
    t.text('error').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['run_id', 'email']);
  });
  await knex.raw('create index sync_run_items_user on sync_run_items (user_id)');
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('sync_run_items');
  await knex.schema.dropTable('sync_run_pages');
  await knex.schema.dropTable('sync_runs');
}
