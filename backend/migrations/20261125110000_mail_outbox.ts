import type { Knex } from 'knex';

/**
 * Every e-mail the portal sent or, without SMTP_URL, would have sent (issue 18): written by the
 * mail sender in the worker, one row per message id (the claim that makes a message go once),
 * shown by the console's Outbox. Rows of a deleted user are removed with the account.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('mail_outbox', (t) => {
    t.text('id').primary();
    t.uuid('user_id');
    t.text('to_address').notNullable();
    t.text('kind').notNullable();
    t.text('language').notNullable();
    t.text('subject').notNullable();
    t.text('text_body').notNullable();
    t.text('html_body').notNullable();
    /** `outbox`: kept here only (no SMTP_URL); `smtp`: handed to the mail server */
    t.text('transport').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['created_at']);
    t.index(['user_id']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('mail_outbox');
}
