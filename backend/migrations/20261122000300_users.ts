import type { Knex } from 'knex';

/** Users read model, kept by the users projection from User-<id> streams. */
export async function up(knex: Knex) {
  await knex.raw('create extension if not exists pg_trgm');
  await knex.schema.createTable('users', (t) => {
    t.uuid('id').primary();
    t.text('uid').notNullable().unique();
    t.text('first_name').notNullable();
    t.text('last_name').notNullable();
    t.text('email').notNullable();
    t.text('email_lower').notNullable().unique();
    t.text('password_hash').notNullable();
    t.uuid('sponsor_id').nullable().index();
    t.boolean('is_admin').notNullable().defaultTo(false);
    t.boolean('is_locked').notNullable().defaultTo(false);
    t.boolean('newsletter').notNullable().defaultTo(false);
    t.boolean('must_change_password').notNullable().defaultTo(false);
    t.text('phone_number').nullable();
    t.boolean('sms_opt_in').notNullable().defaultTo(false);
    t.text('preferred_language').nullable();
    t.timestamp('last_login_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });
  await knex.raw('create index users_created_at on users (created_at)');
  await knex.raw('create index users_last_login_at on users (last_login_at)');
  await knex.raw(
    "create index users_search_trgm on users using gin ((first_name || ' ' || last_name || ' ' || email_lower || ' ' || uid) gin_trgm_ops)",
  );
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('users');
}
