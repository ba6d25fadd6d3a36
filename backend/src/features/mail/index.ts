import { mailRoutes } from '@portal/contracts/mail/routes';
import type { AppDeps } from '../../app/deps';
import { notFound } from '../../domain/errors';
import { defineFeature, raw } from '../../http/feature';
import { HIDDEN_SECRET, hideSecrets } from '../../mail/hideSecrets';

interface OutboxRow {
  id: string;
  user_id: string | null;
  to_address: string;
  kind: string;
  language: string;
  subject: string;
  text_body: string;
  html_body: string;
  transport: 'outbox' | 'smtp';
  created_at: Date;
}

/**
 * A kept message as the console may see it: its links' secrets hidden in the text, the HTML and
 * the preview (the row keeps them: without SMTP the table is the delivery). Every answer of this
 * feature goes through here.
 */
function readable(r: OutboxRow) {
  const text = hideSecrets(r.text_body);
  const html = hideSecrets(r.html_body);
  return { text: text.body, html: html.body, linksHidden: text.hidden || html.hidden };
}

const HIDDEN_LINK_END = `token=${HIDDEN_SECRET}`;

/** The text's first 200 characters on one line; a hidden link the cut falls in ends whole (`token=[hidden]`). */
function preview(text: string) {
  const flat = text.replace(/\s+/g, ' ').trim();
  const start = flat.lastIndexOf(HIDDEN_LINK_END, 199);
  const end = start + HIDDEN_LINK_END.length;
  return flat.slice(0, start !== -1 && end > 200 ? end : 200);
}

const toMessage = (r: OutboxRow, { text, linksHidden }: ReturnType<typeof readable>) => ({
  id: r.id,
  userId: r.user_id,
  to: r.to_address,
  kind: r.kind,
  language: r.language,
  subject: r.subject,
  transport: r.transport,
  createdAt: r.created_at.toISOString(),
  preview: preview(text),
  linksHidden,
});

/** The console's Outbox (issue 18 point 2): the messages the worker's mail sender recorded. */
export function createMailFeature(deps: AppDeps) {
  return defineFeature('mail', mailRoutes, {
    async listOutbox({ query }) {
      const [start, end] = query.range ?? [0, 24];
      const filtered = () => {
        const b = deps.db<OutboxRow>('mail_outbox');
        const f = query.filter ?? {};
        if (f.kind) b.where({ kind: f.kind });
        if (f.language) b.where({ language: f.language });
        if (f.q) {
          const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
          b.where((w) => w.whereILike('to_address', like).orWhereILike('subject', like));
        }
        return b;
      };
      const dir = query.sort?.[1] === 'ASC' ? 'asc' : 'desc';
      const [rows, total] = await Promise.all([
        filtered()
          .orderBy([
            { column: 'created_at', order: dir },
            { column: 'id', order: dir },
          ])
          .offset(start)
          .limit(end - start + 1),
        filtered().count<{ count: string }[]>({ count: '*' }).first(),
      ]);
      const range = rows.length ? `${start}-${start + rows.length - 1}` : '*';
      return raw(
        rows.map((r) => toMessage(r, readable(r))),
        {
          headers: { 'Content-Range': `mail-outbox ${range}/${Number(total?.count ?? 0)}` },
        },
      );
    },
    async getOutbox({ params }) {
      const row = await deps.db<OutboxRow>('mail_outbox').where({ id: params.id }).first();
      if (!row) throw notFound('mail_not_found', 'Message not found');
      const shown = readable(row);
      return { ...toMessage(row, shown), text: shown.text, html: shown.html };
    },
  });
}
