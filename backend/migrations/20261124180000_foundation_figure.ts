import type { Knex } from 'knex';

/**
 * `completed_steps` is now the progress figure every screen shows: all five once training is
 * complete (docs/decisions/onboarding.md, "The foundation rule"). The projections write it so
 * from now on; this brings the rows written before in line without a rebuild.
 */
export async function up(knex: Knex) {
  await knex.raw(
    'update onboarding_progress set completed_steps = 5 where training_completed and completed_steps < 5',
  );
  await knex.raw(
    'update partner_directory set completed_steps = 5 where training_completed and completed_steps < 5',
  );
}

export async function down() {
  // the figure is a projection of the events: a rebuild restores any earlier reading
}
