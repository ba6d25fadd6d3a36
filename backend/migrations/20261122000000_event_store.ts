import type { Knex } from 'knex';
import { eventStoreSchemaSql } from '../src/eventStore/postgres';

export async function up(knex: Knex) {
  await knex.raw(eventStoreSchemaSql);
}

export async function down(knex: Knex) {
  await knex.raw('drop table if exists es_events; drop table if exists es_streams;');
}
