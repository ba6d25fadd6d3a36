import type { Knex } from 'knex';

/**
 * Academy content becomes event-sourced (stream `Content-academy`, projection `content`):
 * `testimonials` and `live_calls` are recreated as that projection's read models (their old rows
 * were the demo seed's, which `npm run seed` now records as events), and `academy_links` holds
 * the links once an admin sets them (the environment's values serve until then).
 */
export async function up(knex: Knex) {
  await knex.schema.dropTableIfExists('testimonials');
  await knex.schema.dropTableIfExists('live_calls');
  await knex.schema.createTable('testimonials', (t) => {
    t.text('id').primary();
    t.integer('position').notNullable();
    t.text('name').notNullable();
    t.specificType('categories', 'text[]').notNullable().defaultTo('{}');
    t.text('link').notNullable();
    t.boolean('active').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });
  await knex.raw('create index testimonials_position on testimonials (position)');

  await knex.schema.createTable('live_calls', (t) => {
    t.text('id').primary();
    t.integer('position').notNullable();
    t.jsonb('name').notNullable();
    t.jsonb('description').notNullable();
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
    /** changes since publication: the calendar feed's SEQUENCE */
    t.integer('sequence').notNullable().defaultTo(0);
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });

  await knex.schema.createTable('academy_links', (t) => {
    t.text('id').primary();
    t.text('advanced_academy_url').nullable();
    t.text('course_purchase_url').nullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });

  /** Funnel read model (projection `funnel`): one row per registered account. */
  await knex.schema.createTable('funnel_members', (t) => {
    t.uuid('user_id').primary();
    t.uuid('sponsor_id').nullable();
    t.boolean('is_admin').notNullable().defaultTo(false);
    t.timestamp('registered_at', { useTz: true }).notNullable();
    t.specificType('steps', 'boolean[]').notNullable();
    /** when each step was first completed (null until then; kept when reopened) */
    t.specificType('first_done_at', 'timestamptz[]').notNullable();
    t.boolean('training_completed').notNullable().defaultTo(false);
    t.timestamp('training_completed_at', { useTz: true }).nullable();
  });
  await knex.raw('create index funnel_members_sponsor on funnel_members (sponsor_id)');
}

export async function down(knex: Knex) {
  for (const table of ['funnel_members', 'academy_links', 'live_calls', 'testimonials'])
    await knex.schema.dropTableIfExists(table);
}
