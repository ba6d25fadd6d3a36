import type { Knex } from 'knex';

/**
 * The personal calendar feed key (issue 13 point 9): the id of the user's last event that set it
 * (registration, a new password, a replaced link). Feed tokens are an HMAC over the user id and
 * this key, so a token cannot be made from the session key alone, and a password change or a
 * rotation from Settings ends the old link. Rows written before get a random key (their feed
 * addresses change once); a rebuild derives it from the events again.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('users', (t) => {
    t.text('calendar_key');
  });
  await knex.raw('update users set calendar_key = gen_random_uuid()::text where calendar_key is null');
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('calendar_key');
  });
}
