import type { Knex } from 'knex';

/**
 * Academy tables:
 * - academy_tutorials: read model of the Tutorial-<userId> streams (tutorial projection).
 * - replay_videos + content_sync_state: the training playlist, filled by the content worker
 *   (YouTube or the bundled sample), so the replays page never waits on YouTube.
 * - testimonials, live_calls: content data admins can change; seeded with sample entries.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('academy_tutorials', (t) => {
    t.uuid('user_id').primary();
    t.boolean('skip_tutorial').notNullable().defaultTo(false);
    t.boolean('academy_tour_seen').notNullable().defaultTo(false);
    t.boolean('tutorial_completed').notNullable().defaultTo(false);
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });

  await knex.schema.createTable('replay_videos', (t) => {
    t.text('id').primary();
    t.integer('position').notNullable();
    t.text('title').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.text('thumbnail').notNullable().defaultTo('');
    t.text('duration').notNullable().defaultTo('');
    t.timestamp('published_at', { useTz: true }).notNullable();
  });
  await knex.raw('create index replay_videos_position on replay_videos (position)');

  await knex.schema.createTable('content_sync_state', (t) => {
    t.text('name').primary();
    t.text('source').notNullable();
    t.timestamp('synced_at', { useTz: true }).nullable();
    t.integer('item_count').notNullable().defaultTo(0);
    t.text('last_error').nullable();
    t.timestamp('last_error_at', { useTz: true }).nullable();
  });

  await knex.schema.createTable('testimonials', (t) => {
    t.increments('id');
    t.integer('position').notNullable();
    t.text('name').notNullable();
    t.specificType('categories', 'text[]').notNullable().defaultTo('{}');
    t.text('link').notNullable().unique();
    t.boolean('active').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('live_calls', (t) => {
    t.text('id').primary();
    t.integer('position').notNullable();
    /** {en, es, fr} */
    t.jsonb('name').notNullable();
    t.jsonb('description').notNullable();
    /** [{en, es, fr}] */
    t.jsonb('focus_areas').notNullable().defaultTo('[]');
    /** 'HH:MM' in America/New_York */
    t.text('time').notNullable();
    t.smallint('day_of_week').notNullable();
    t.smallint('week_of_month').nullable();
    t.text('passcode').nullable();
    t.text('zoom_link').notNullable();
    t.text('color_theme').notNullable();
    t.text('icon').notNullable();
    t.text('host').nullable();
    t.boolean('active').notNullable().defaultTo(true);
  });
  await knex.raw('alter table live_calls add constraint live_calls_day check (day_of_week between 0 and 6)');
  await knex.raw(
    'alter table live_calls add constraint live_calls_week check (week_of_month is null or week_of_month between 1 and 5)',
  );
  await knex.raw(
    "alter table live_calls add constraint live_calls_time check (time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')",
  );
}

export async function down(knex: Knex) {
  for (const table of [
    'live_calls',
    'testimonials',
    'content_sync_state',
    'replay_videos',
    'academy_tutorials',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
