import type { Knex } from 'knex';

/**
 * A fencing epoch per projection: taking the lead increments it and every batch checks it when
 * it moves the checkpoint, so a process that lost the lead mid-batch cannot apply a batch twice.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('projection_checkpoints', (t) => {
    t.bigInteger('epoch').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('projection_checkpoints', (t) => {
    t.dropColumn('epoch');
  });
}
