import { endpoint } from '../core/endpoint';

// Zod-free on purpose: the admin console imports this file (and only `import type` from
// schemas.ts / routes.ts).
/**
 * Every admin call. The console's resources (`/api/admin/users`, `/api/admin/audit`,
 * `/api/admin/sync-runs`, ...) speak ra-data-simple-rest's dialect: GET list with JSON `sort`,
 * `range` and `filter` query values answered with a `Content-Range` header; GET one; PUT; DELETE;
 * POST create. The spec's own calls (`users-paginated`, `user/{id}`, `reset-password`, ...) are
 * served by the same code.
 */
export const adminEndpoints = {
  // console resources
  listUsers: endpoint('GET', '/api/admin/users'),
  getUser: endpoint('GET', '/api/admin/users/:id'),
  updateUser: endpoint('PUT', '/api/admin/users/:id'),
  deleteUser: endpoint('DELETE', '/api/admin/users/:id'),
  userEvents: endpoint('GET', '/api/admin/users/:id/events'),
  resetUserPassword: endpoint('POST', '/api/admin/users/:id/reset-password'),
  resetUserTraining: endpoint('POST', '/api/admin/users/:id/reset-training'),
  transferAdminAddress: endpoint('POST', '/api/admin/users/:id/admin-address'),
  bulkUsers: endpoint('POST', '/api/admin/users-bulk'),
  exportUsers: endpoint('GET', '/api/admin/export/users.csv'),
  listAudit: endpoint('GET', '/api/admin/audit'),
  getAudit: endpoint('GET', '/api/admin/audit/:id'),
  auditEventTypes: endpoint('GET', '/api/admin/audit-event-types'),
  listSyncRuns: endpoint('GET', '/api/admin/sync-runs'),
  getSyncRun: endpoint('GET', '/api/admin/sync-runs/:id'),
  createSyncRun: endpoint('POST', '/api/admin/sync-runs'),
  listSyncRunItems: endpoint('GET', '/api/admin/sync-run-items'),
  dashboard: endpoint('GET', '/api/admin/performance-dashboard'),
  realtimeSample: endpoint('GET', '/api/admin/realtime-sample'),
  // the spec's calls
  usersPaginated: endpoint('GET', '/api/admin/users-paginated'),
  specUpdateUser: endpoint('PUT', '/api/admin/user/:userId'),
  specDeleteUser: endpoint('DELETE', '/api/admin/user/:userId'),
  specResetPassword: endpoint('POST', '/api/admin/reset-password'),
  specResetTraining: endpoint('POST', '/api/admin/reset-training'),
  syncMailchimp: endpoint('POST', '/api/admin/sync-mailchimp'),
  systemMetrics: endpoint('GET', '/api/admin/system-metrics'),
  performanceHistory: endpoint('GET', '/api/admin/performance-history'),
} as const;

/** Spec section 9. */
export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_SORT_FIELDS = ['createdAt', 'lastLoginAt', 'progress', 'firstName', 'email'] as const;
export const ADMIN_STATUS_FILTERS = ['all', 'active', 'locked', 'admin', 'completed'] as const;
export type AdminSortField = (typeof ADMIN_SORT_FIELDS)[number];
/** The console's users list opens on the newest accounts. */
export const ADMIN_USERS_DEFAULT_SORT = { field: 'createdAt', order: 'DESC' } as const;

/**
 * The console's first screen, its users list (first page, default order, no filter), as
 * ra-data-simple-rest asks for it: the console's HTML carries this answer (backend bundles.ts).
 */
export const ADMIN_FIRST_PAGE_URL = `/api/admin/users?${new URLSearchParams({
  filter: '{}',
  range: JSON.stringify([0, ADMIN_PAGE_SIZE - 1]),
  sort: JSON.stringify([ADMIN_USERS_DEFAULT_SORT.field, ADMIN_USERS_DEFAULT_SORT.order]),
})}`;

/** Health thresholds (spec section 9): response time good up to 200 ms, warning up to 500 ms. */
export const RESPONSE_TIME_GOOD_MS = 200;
export const RESPONSE_TIME_WARNING_MS = 500;
/** Error rate good up to 1 %, warning up to 5 %. */
const ERROR_RATE_GOOD_PERCENT = 1;
const ERROR_RATE_WARNING_PERCENT = 5;
export const SLOW_QUERY_THRESHOLD_MS = 1000;
/** Real-time samples: one every 5 s, 20 kept, 10 shown. */
export const REALTIME_SAMPLE_MS = 5_000;
export const REALTIME_BUFFER = 20;
export const REALTIME_SHOWN = 10;
export const SYSTEM_METRICS_REFRESH_MS = 30_000;
export const PERFORMANCE_HISTORY_REFRESH_MS = 60_000;
/** Generated admin passwords: 12 characters from letters, digits and ! @ # $ % ^ & *. */
export const GENERATED_PASSWORD_LENGTH = 12;
export const GENERATED_PASSWORD_ALPHABET =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*';
export const HISTORY_RANGES = ['1h', '24h', '7d'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];

export type HealthLevel = 'healthy' | 'warning' | 'critical';
/** Colour level of a response time (ms). */
export const responseTimeLevel = (ms: number): HealthLevel =>
  ms <= RESPONSE_TIME_GOOD_MS ? 'healthy' : ms <= RESPONSE_TIME_WARNING_MS ? 'warning' : 'critical';
/** Colour level of an error rate (percent). */
export const errorRateLevel = (percent: number): HealthLevel =>
  percent <= ERROR_RATE_GOOD_PERCENT
    ? 'healthy'
    : percent <= ERROR_RATE_WARNING_PERCENT
      ? 'warning'
      : 'critical';

/**
 * sessionStorage key (this tab) of the console page to open after a sign-in: its hash route
 * ("#/users/<id>"), written by the console when its session ends and by the partner app when a
 * console link is opened signed out; the console opens it once, at its next start.
 */
export const CONSOLE_RETURN_KEY = 'console.returnTo';
