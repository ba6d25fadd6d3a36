import { endpoint } from '../core/endpoint';

// Zod-free: the admin console imports this file.
/** The console's Outbox resource (ra-data-simple-rest dialect, like the other admin resources). */
export const mailEndpoints = {
  listOutbox: endpoint('GET', '/api/admin/mail-outbox'),
  getOutbox: endpoint('GET', '/api/admin/mail-outbox/:id'),
} as const;
