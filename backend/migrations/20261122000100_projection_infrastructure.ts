import type { Knex } from 'knex';

export async function up(knex: Knex) {
  await knex.schema.createTable('projection_checkpoints', (t) => {
    t.text('name').primary();
    t.text('position').nullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_event_at', { useTz: true }).nullable();
  });
  await knex.schema.createTable('projection_dead_letters', (t) => {
    t.bigIncrements('id');
    t.text('projection').notNullable();
    t.text('position').notNullable();
    t.text('stream_id').notNullable();
    t.text('event_type').notNullable();
    t.uuid('event_id').notNullable();
    t.text('error').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['projection', 'event_id']);
  });
  await knex.schema.createTable('audit_log', (t) => {
    t.uuid('event_id').primary();
    t.text('position').notNullable();
    t.text('stream_id').notNullable();
    t.text('subject_id').nullable().index();
    t.text('event_type').notNullable().index();
    t.text('actor_id').nullable().index();
    t.text('summary').notNullable();
    t.jsonb('changes').nullable();
    t.text('correlation_id').nullable();
    t.timestamp('occurred_at', { useTz: true }).notNullable().index();
  });
  await knex.raw('create index audit_log_subject_time on audit_log (subject_id, occurred_at desc)');
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('audit_log');
  await knex.schema.dropTable('projection_dead_letters');
  await knex.schema.dropTable('projection_checkpoints');
}
