import { z } from 'zod';
import { endpoint } from '../core/endpoint';
import { defineRoute, errorBody } from '../core/http';

const platformEndpoints = {
  health: endpoint('GET', '/api/health'),
  openapi: endpoint('GET', '/api/openapi.json'),
} as const;

const projectionStatus = z.object({
  name: z.string(),
  lifecycle: z.enum(['inline', 'async']),
  leader: z.boolean(),
  position: z.string().nullable(),
  lagSeconds: z.number(),
});

const healthBody = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.record(z.string(), z.object({ ok: z.boolean(), detail: z.string().optional() })),
  /** admins only: each live API and worker process, the projections it leads, positions and lag */
  processes: z
    .array(
      z.object({
        process: z.string(),
        service: z.string(),
        at: z.string(),
        projections: z.array(projectionStatus),
      }),
    )
    .optional(),
});

export const platformRoutes = {
  health: defineRoute({
    ...platformEndpoints.health,
    access: 'public',
    summary:
      "Readiness: 200 once the database, Redis and the event store answer and migrations ran; admins also get each process's projection status",
    tags: ['platform'],
    response: healthBody,
    errors: {
      503: {
        when: 'Not ready: the health report names the failing check (or migrations are pending).',
        body: z.union([healthBody, errorBody]),
      },
    },
  }),
  openapi: defineRoute({
    ...platformEndpoints.openapi,
    access: 'public',
    summary: 'This OpenAPI document',
    tags: ['platform'],
    response: z.record(z.string(), z.unknown()),
  }),
};
