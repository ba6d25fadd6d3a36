import type { Endpoint, Method } from '../core/http';

// Zod-free: the admin console imports this file.
const endpoint = <M extends Method, P extends string>(method: M, path: P): Endpoint<M, P> => ({
  method,
  path,
});

/** The console's Outbox resource (ra-data-simple-rest dialect, like the other admin resources). */
export const mailEndpoints = {
  listOutbox: endpoint('GET', '/api/admin/mail-outbox'),
  getOutbox: endpoint('GET', '/api/admin/mail-outbox/:id'),
} as const;
