import { z } from 'zod';
import { emailAddress, newPassword, personName, user } from '../auth/schemas';
import { ADMIN_PAGE_SIZE, ADMIN_SORT_FIELDS, ADMIN_STATUS_FILTERS, HISTORY_RANGES } from './endpoints';

const id = z.uuid('Must be a valid id');
const isoTime = z.string();

/** A query value holding JSON (ra-data-simple-rest sends `sort`, `range` and `filter` this way). */
export const jsonQuery = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .max(4000)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);

const sortOrder = z
  .string()
  .transform((s) => s.toUpperCase())
  .pipe(z.enum(['ASC', 'DESC']));

/** `sort=["field","ASC"]` */
export const sortParam = <F extends readonly [string, ...string[]]>(fields: F) =>
  jsonQuery(z.tuple([z.enum(fields), sortOrder]));

/** `range=[0,49]` (inclusive); at most 1000 rows a page. */
export const rangeParam = jsonQuery(
  z
    .tuple([z.number().int().min(0), z.number().int().min(0)])
    .refine(([a, b]) => b >= a && b - a < 1000, 'range must be [start, end] with at most 1000 rows'),
);

const stringOrList = z.union([z.string().max(200), z.array(z.string().max(200)).max(100)]);

// ---------------------------------------------------------------------------------------------
// Users

/** A user as the console lists it: the account fields of `user` and the foundation progress. */
export const adminUser = user
  .pick({
    id: true,
    uid: true,
    firstName: true,
    lastName: true,
    email: true,
    sponsorId: true,
    sponsorName: true,
    isAdmin: true,
    isLocked: true,
    newsletter: true,
    mustChangePassword: true,
    lastLoginAt: true,
    createdAt: true,
  })
  .extend({
    /** percent 0..100 of the five foundation steps */
    progress: z.number().int(),
    completedSteps: z.number().int(),
    trainingCompleted: z.boolean(),
    status: z.enum(['complete', 'in-progress', 'not-started']),
    preferredLanguage: z.string().nullable(),
    /** two-step verification is set up (an admin's reset is only for these accounts) */
    secondFactorEnrolled: z.boolean(),
  });
export type AdminUser = z.infer<typeof adminUser>;

const userSortFields = [...ADMIN_SORT_FIELDS, 'lastName', 'uid', 'id'] as const;

const userFilter = z.strictObject({
  q: z.string().max(200).optional(),
  status: z.enum(ADMIN_STATUS_FILTERS).optional(),
  /** getMany: `{"id": [..]}` */
  id: z.union([id, z.array(id).max(500)]).optional(),
  sponsorId: id.optional(),
  newsletter: z.boolean().optional(),
});
export type UserFilter = z.infer<typeof userFilter>;

export const listUsersQuery = z.strictObject({
  sort: sortParam(userSortFields).optional(),
  range: rangeParam.optional(),
  filter: jsonQuery(userFilter).optional(),
});

export const exportUsersQuery = z.strictObject({
  sort: sortParam(userSortFields).optional(),
  filter: jsonQuery(userFilter).optional(),
});

export const usersPaginatedQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(ADMIN_PAGE_SIZE),
  sortBy: z.enum(ADMIN_SORT_FIELDS).default('createdAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  search: z.string().max(200).optional(),
  status: z.enum(ADMIN_STATUS_FILTERS).default('all'),
});

export const usersPaginatedResponse = z.object({ users: z.array(adminUser), total: z.number().int() });

export const idParams = z.strictObject({ id });
export const userIdParams = z.strictObject({ userId: id });

const uidText = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(40, 'At most 40 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Only letters, digits, dot, dash and underscore');

/** The editable fields (spec: firstName, lastName, email, uid, sponsor, admin, locked, newsletter). */
export const updateUserBody = z
  .strictObject({
    firstName: personName,
    lastName: personName,
    email: emailAddress,
    uid: uidText,
    sponsorId: id.nullable(),
    isAdmin: z.boolean(),
    isLocked: z.boolean(),
    newsletter: z.boolean(),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'Nothing to change');
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const resetPasswordBody = z.strictObject({ newPassword });
export const specResetPasswordBody = z.strictObject({ userId: id, newPassword });
export const specResetTrainingBody = z.strictObject({ userId: id });
/** the previous holder's new sign-in address (required while an account holds the admin address) */
export const transferAdminAddressBody = z.strictObject({ formerHolderEmail: emailAddress.optional() });

export const confirmation = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.string().optional(),
});

export const bulkUsersBody = z.strictObject({
  ids: z.array(id).min(1, 'Select at least one user').max(500, 'At most 500 users at once'),
  action: z.enum(['lock', 'unlock', 'subscribe', 'unsubscribe']),
});
export const bulkUsersResponse = z.object({
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** per user that could not be changed: the error id (as in an error answer) and its message */
  failed: z.array(z.object({ id: z.string(), error: z.string(), message: z.string() })),
});

// ---------------------------------------------------------------------------------------------
// Audit

export const auditEntry = z.object({
  id: z.string(),
  occurredAt: isoTime,
  eventType: z.string(),
  summary: z.string(),
  changes: z.record(z.string(), z.unknown()).nullable(),
  /** for edits of a user's details: each changed field's value before the change */
  before: z.record(z.string(), z.unknown()).nullable(),
  streamId: z.string(),
  subjectId: z.string().nullable(),
  subjectName: z.string().nullable(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  correlationId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/**
 * A date (`2026-05-01`) or an ISO date-time with offset, years 1000-9999 (what PostgreSQL and
 * JavaScript both hold); impossible days (`2026-02-30`) are refused.
 */
const dateBound = z
  .string()
  .max(40)
  .refine(
    (s) => z.iso.date().safeParse(s).success || z.iso.datetime({ offset: true }).safeParse(s).success,
    'must be a date (YYYY-MM-DD) or an ISO date-time',
  )
  .refine((s) => Number(s.slice(0, 4)) >= 1000, 'must be a year from 1000 to 9999');

const auditFilter = z.strictObject({
  eventType: stringOrList.optional(),
  actorId: id.optional(),
  subjectId: id.optional(),
  from: dateBound.optional(),
  to: dateBound.optional(),
  q: z.string().max(200).optional(),
  id: z.union([id, z.array(id).max(500)]).optional(),
});

export const listAuditQuery = z.strictObject({
  sort: sortParam(['occurredAt', 'eventType', 'id'] as const).optional(),
  range: rangeParam.optional(),
  filter: jsonQuery(auditFilter).optional(),
});
export const userEventsQuery = z.strictObject({
  sort: sortParam(['occurredAt', 'eventType', 'id'] as const).optional(),
  range: rangeParam.optional(),
  filter: jsonQuery(z.strictObject({ eventType: stringOrList.optional(), userId: id.optional() })).optional(),
});
export const auditEventTypesResponse = z.array(z.object({ id: z.string(), name: z.string() }));

// ---------------------------------------------------------------------------------------------
// Mailing-service sync

const syncRunStatus = z.enum(['queued', 'running', 'completed', 'failed']);
export const syncRun = z.object({
  id: z.string(),
  status: syncRunStatus,
  trigger: z.enum(['manual', 'scheduled']),
  requestedBy: z.string().nullable(),
  requestedByName: z.string().nullable(),
  adapter: z.enum(['mailchimp', 'demo']),
  createdAt: isoTime,
  startedAt: isoTime.nullable(),
  finishedAt: isoTime.nullable(),
  /** audience members reported by the mailing service (null until the first page is read) */
  audienceSize: z.number().int().nullable(),
  pagesDone: z.number().int(),
  pagesTotal: z.number().int().nullable(),
  /** members and users looked at so far */
  processed: z.number().int(),
  total: z.number().int(),
  updated: z.number().int(),
  errors: z.number().int(),
  /** 0..100 */
  percent: z.number().int(),
  lastError: z.string().nullable(),
});
export type SyncRun = z.infer<typeof syncRun>;

export const syncRunItem = z.object({
  id: z.string(),
  runId: z.string(),
  email: z.string(),
  action: z.string(),
  status: z.enum(['success', 'error']),
  error: z.string().nullable(),
  createdAt: isoTime,
});
export type SyncRunItem = z.infer<typeof syncRunItem>;

export const listSyncRunsQuery = z.strictObject({
  sort: sortParam(['createdAt', 'id'] as const).optional(),
  range: rangeParam.optional(),
  filter: jsonQuery(
    z.strictObject({ status: syncRunStatus.optional(), id: z.union([id, z.array(id).max(100)]).optional() }),
  ).optional(),
});
export const listSyncRunItemsQuery = z.strictObject({
  sort: sortParam(['createdAt', 'email', 'id'] as const).optional(),
  range: rangeParam.optional(),
  filter: jsonQuery(z.strictObject({ runId: id, status: z.enum(['success', 'error']).optional() })),
});
export const createSyncRunBody = z.strictObject({});

/** Spec: results total, updated, errors, details (email, action, status, error). */
export const syncResults = z.object({
  runId: z.string(),
  status: syncRunStatus,
  total: z.number().int(),
  updated: z.number().int(),
  errors: z.number().int(),
  details: z.array(
    z.object({ email: z.string(), action: z.string(), status: z.string(), error: z.string().nullable() }),
  ),
});

// ---------------------------------------------------------------------------------------------
// Performance dashboard and system metrics

const healthLevel = z.enum(['healthy', 'warning', 'critical']);
/** The services a health check waits on; a failed check names the one whose call failed. */
const HEALTH_SERVICES = ['database', 'redis', 'eventStore', 'mailchimp'] as const;
/**
 * How a check's call failed: no connection (refused, unknown host, dropped), no answer in the
 * check's 3 s, the service refused the portal's credentials or access, or it answered an error.
 */
const HEALTH_FAILURES = ['unreachable', 'timeout', 'rejected', 'error'] as const;
const healthCheck = z.object({
  /** the platform's parts, then the Academy's content sources (demo while the bundled sample serves) */
  key: z.enum([
    'api',
    'database',
    'redis',
    'eventStore',
    'queues',
    'mailchimp',
    'youtube',
    'drive',
    'vault',
    'liveCalls',
  ]),
  status: healthLevel,
  /** what the check saw, for people (on a failure: the error's own text, for whoever fixes it) */
  detail: z.string(),
  /** null: the check failed (then `failure` says how) */
  latencyMs: z.number().nullable(),
  /** a failed check: which service failed and how, for the console to word in each language */
  failure: z.object({ service: z.enum(HEALTH_SERVICES), kind: z.enum(HEALTH_FAILURES) }).optional(),
  demo: z.boolean().optional(),
  /** the figures behind the status, for the console to word in each language */
  facts: z.record(z.string(), z.union([z.number(), z.string()])).optional(),
});

export const realtimeSample = z.object({
  timestamp: isoTime,
  responseTime: z.number(),
  activeUsers: z.number().int(),
  dbQueries: z.number().int(),
  errorCount: z.number().int(),
  requests: z.number().int(),
});

export const dashboardResponse = z.object({
  generatedAt: isoTime,
  metrics: z.object({
    responseTime: z.object({ average: z.number(), p95: z.number(), p99: z.number() }),
    databaseQueries: z.object({
      total: z.number().int(),
      slow: z.number().int(),
      avgExecutionTime: z.number(),
    }),
    activeUsers: z.object({
      current: z.number().int(),
      peak24h: z.number().int(),
      totalSessions: z.number().int(),
    }),
    errorRate: z.object({ percentage: z.number(), total: z.number().int(), last24h: z.number().int() }),
    requests24h: z.number().int(),
  }),
  health: z.array(healthCheck),
  database: z.object({
    totalQueries24h: z.number().int(),
    slowQueries24h: z.number().int(),
    avgExecutionTime: z.number(),
    pool: z.object({
      used: z.number().int(),
      free: z.number().int(),
      pending: z.number().int(),
      max: z.number().int(),
      status: healthLevel,
    }),
    topQueryTypes: z.array(z.object({ kind: z.string(), count: z.number().int(), percent: z.number() })),
  }),
  users: z.object({
    currentlyOnline: z.number().int(),
    peakToday: z.number().int(),
    totalSessions: z.number().int(),
    avgSessionMinutes: z.number().nullable(),
    totalUsers: z.number().int(),
    stepCompletion: z.array(
      z.object({ step: z.number().int(), completed: z.number().int(), percent: z.number() }),
    ),
    growth: z.object({
      newUsersToday: z.number().int(),
      completedTrainingToday: z.number().int(),
      newsletterSignupsToday: z.number().int(),
      adminActionsToday: z.number().int(),
    }),
  }),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;

export const performanceHistoryQuery = z.strictObject({ range: z.enum(HISTORY_RANGES).default('24h') });
const historyPoint = z.object({
  t: isoTime,
  requests: z.number().int(),
  avgMs: z.number(),
  p95Ms: z.number(),
  p99Ms: z.number(),
  errors: z.number().int(),
  errorRate: z.number(),
  dbQueries: z.number().int(),
  dbSlow: z.number().int(),
  dbAvgMs: z.number(),
  activeUsers: z.number().int(),
  activeSessions: z.number().int(),
});
export const performanceHistoryResponse = z.object({
  range: z.enum(HISTORY_RANGES),
  bucketSeconds: z.number().int(),
  points: z.array(historyPoint),
});
export type PerformanceHistory = z.infer<typeof performanceHistoryResponse>;

export const systemMetricsResponse = z.object({
  generatedAt: isoTime,
  process: z.object({
    pid: z.number().int(),
    node: z.string(),
    uptimeSeconds: z.number(),
    rssBytes: z.number(),
    heapUsedBytes: z.number(),
    heapTotalBytes: z.number(),
    externalBytes: z.number(),
    cpuPercent: z.number(),
    eventLoopLagMs: z.object({ mean: z.number(), p99: z.number(), max: z.number() }),
  }),
  database: z.object({
    pool: z.object({
      used: z.number().int(),
      free: z.number().int(),
      pending: z.number().int(),
      max: z.number().int(),
    }),
    sizeBytes: z.number().nullable(),
    connections: z.number().int().nullable(),
    latencyMs: z.number().nullable(),
  }),
  redis: z.object({
    ok: z.boolean(),
    latencyMs: z.number().nullable(),
    usedMemoryBytes: z.number().nullable(),
    connectedClients: z.number().int().nullable(),
    version: z.string().nullable(),
  }),
  queues: z.array(
    z.object({
      name: z.string(),
      waiting: z.number().int(),
      active: z.number().int(),
      delayed: z.number().int(),
      failed: z.number().int(),
      completed: z.number().int(),
    }),
  ),
  projections: z.array(
    z.object({
      name: z.string(),
      position: z.string().nullable(),
      lagSeconds: z.number().nullable(),
      behind: z.boolean(),
      deadLetters: z.number().int(),
      updatedAt: isoTime.nullable(),
    }),
  ),
  eventStore: z.object({
    kind: z.string(),
    head: z.string().nullable(),
    events: z.number().int().nullable(),
  }),
  sessions: z.number().int(),
});
export type SystemMetrics = z.infer<typeof systemMetricsResponse>;
