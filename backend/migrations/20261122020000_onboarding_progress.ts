import type { Knex } from 'knex';

/**
 * Onboarding read model (kept by the onboarding-progress projection from Onboarding-<userId>
 * streams) and the demo newsletter list (used when no Mailchimp credentials are configured).
 * A user without a progress row has made no progress yet.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('onboarding_progress', (t) => {
    t.uuid('user_id').primary();
    t.boolean('step1_completed').notNullable().defaultTo(false);
    t.boolean('step2_completed').notNullable().defaultTo(false);
    t.boolean('step3_completed').notNullable().defaultTo(false);
    t.boolean('step4_completed').notNullable().defaultTo(false);
    t.boolean('step5_completed').notNullable().defaultTo(false);
    t.smallint('completed_steps').notNullable().defaultTo(0).index('onboarding_progress_completed_steps');
    t.smallint('current_step').notNullable().defaultTo(1);
    t.boolean('training_completed').notNullable().defaultTo(false);
    t.text('feel_great_link').nullable();
    t.jsonb('customer_list').notNullable().defaultTo(knex.raw("'[]'::jsonb"));
    t.jsonb('partner_list').notNullable().defaultTo(knex.raw("'[]'::jsonb"));
    t.jsonb('product_experience').nullable();
    t.jsonb('why_answers').nullable();
    t.bigInteger('revision').notNullable().defaultTo(-1);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    'alter table onboarding_progress add constraint onboarding_progress_steps_range check (completed_steps between 0 and 5 and current_step between 1 and 5)',
  );

  await knex.schema.createTable('newsletter_demo_members', (t) => {
    t.text('email_lower').primary();
    t.text('email').notNullable();
    t.text('first_name').notNullable().defaultTo('');
    t.text('last_name').notNullable().defaultTo('');
    t.text('status').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('newsletter_demo_members');
  await knex.schema.dropTable('onboarding_progress');
}
