import { z } from 'zod';
import { defineRoute } from '../core/http';
import { mailEndpoints as e } from './endpoints';
import * as s from './schemas';

const tags = ['admin'];

/** The console's Outbox: every message sent, newest first (issue 18 point 2). */
export const mailRoutes = {
  listOutbox: defineRoute({
    ...e.listOutbox,
    access: 'admin',
    tags,
    summary: 'E-mails sent or kept in the outbox, newest first; Content-Range carries the total',
    query: s.listOutboxQuery,
    response: z.array(s.outboxMessage),
  }),
  getOutbox: defineRoute({
    ...e.getOutbox,
    errors: { 404: 'No message has this id.' },
    access: 'admin',
    tags,
    summary: 'One e-mail with its text and HTML bodies',
    params: s.outboxIdParams,
    response: s.outboxMessageDetail,
  }),
} as const;
