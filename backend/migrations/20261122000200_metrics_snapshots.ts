import type { Knex } from 'knex';

/** One row a minute per process, written by the worker's metrics job, charted by the admin console. */
export async function up(knex: Knex) {
  await knex.schema.createTable('metrics_snapshots', (t) => {
    t.bigIncrements('id');
    t.timestamp('taken_at', { useTz: true }).notNullable().unique();
    t.integer('requests').notNullable();
    t.float('request_rate').notNullable();
    t.float('avg_ms').notNullable();
    t.float('p95_ms').notNullable();
    t.float('p99_ms').notNullable();
    t.integer('errors').notNullable();
    t.float('error_rate').notNullable();
    t.integer('db_queries').notNullable();
    t.integer('db_slow_queries').notNullable();
    t.float('db_avg_ms').notNullable();
    t.integer('active_sessions').notNullable();
    t.integer('active_users').notNullable();
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('metrics_snapshots');
}
