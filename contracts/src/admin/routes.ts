import { z } from 'zod';
import { defineRoute } from '../core/http';
import { adminEndpoints as e } from './endpoints';
import * as s from './schemas';

const tags = ['admin'];
const admin = 'admin' as const;

/**
 * Admin routes. Every one is `access: 'admin'`: the server refuses anybody else (403 for a
 * signed-in non-admin, 401 without a session), which the authorization-matrix test checks.
 * List routes answer a JSON array with a `Content-Range: <resource> <start>-<end>/<total>` header
 * (ra-data-simple-rest).
 */
export const adminRoutes = {
  listUsers: defineRoute({
    ...e.listUsers,
    access: admin,
    tags,
    summary: 'Users (search, status filter, sort, range); Content-Range carries the total',
    query: s.listUsersQuery,
    response: z.array(s.adminUser),
  }),
  exportUsers: defineRoute({
    ...e.exportUsers,
    access: admin,
    tags,
    summary: 'CSV of every user matching the filter (no row cap; streamed)',
    query: s.exportUsersQuery,
    response: z.string(),
    produces: 'text/csv',
  }),
  getUser: defineRoute({
    ...e.getUser,
    access: admin,
    tags,
    summary: 'One user',
    params: s.idParams,
    response: s.adminUser,
  }),
  updateUser: defineRoute({
    ...e.updateUser,
    access: admin,
    tags,
    summary:
      'Edit a user (names, e-mail, uid, sponsor, admin, locked, newsletter); locking ends their sessions',
    params: s.idParams,
    body: s.updateUserBody,
    response: s.adminUser,
  }),
  deleteUser: defineRoute({
    ...e.deleteUser,
    access: admin,
    tags,
    summary: 'Delete a user: erase personal data from streams and read models, remove the Mailchimp member',
    params: s.idParams,
    response: z.object({ id: z.string() }),
  }),
  userEvents: defineRoute({
    ...e.userEvents,
    access: admin,
    tags,
    summary: 'Timeline of every event of one user (what, when, by whom, changed values)',
    params: s.idParams,
    query: s.userEventsQuery,
    response: z.array(s.auditEntry),
  }),
  resetUserPassword: defineRoute({
    hashesPassword: true,
    ...e.resetUserPassword,
    access: admin,
    tags,
    summary: 'Set a temporary password (must be changed at next sign-in); ends their sessions',
    params: s.idParams,
    body: s.resetPasswordBody,
    response: s.confirmation,
  }),
  resetUserTraining: defineRoute({
    ...e.resetUserTraining,
    access: admin,
    tags,
    summary: 'Mark all five foundation steps incomplete',
    params: s.idParams,
    response: s.confirmation,
  }),
  transferAdminAddress: defineRoute({
    ...e.transferAdminAddress,
    access: admin,
    tags,
    summary:
      'Move the fixed admin address (ADMIN_EMAIL) to this admin account; the previous holder takes formerHolderEmail. Audited.',
    params: s.idParams,
    body: s.transferAdminAddressBody,
    response: s.adminUser,
  }),
  bulkUsers: defineRoute({
    ...e.bulkUsers,
    access: admin,
    tags,
    summary: 'Lock, unlock, subscribe or unsubscribe many users',
    body: s.bulkUsersBody,
    response: s.bulkUsersResponse,
  }),
  listAudit: defineRoute({
    ...e.listAudit,
    access: admin,
    tags,
    summary: 'Audit log of every event (filters: event type, actor, user, dates)',
    query: s.listAuditQuery,
    response: z.array(s.auditEntry),
  }),
  getAudit: defineRoute({
    ...e.getAudit,
    access: admin,
    tags,
    summary: 'One audit entry',
    params: s.idParams,
    response: s.auditEntry,
  }),
  auditEventTypes: defineRoute({
    ...e.auditEventTypes,
    access: admin,
    tags,
    summary: 'Event types the audit log can be filtered by',
    response: s.auditEventTypesResponse,
  }),
  listSyncRuns: defineRoute({
    ...e.listSyncRuns,
    access: admin,
    tags,
    summary: 'Mailing-service sync runs, newest first, with live progress',
    query: s.listSyncRunsQuery,
    response: z.array(s.syncRun),
  }),
  getSyncRun: defineRoute({
    ...e.getSyncRun,
    access: admin,
    tags,
    summary: 'One sync run',
    params: s.idParams,
    response: s.syncRun,
  }),
  createSyncRun: defineRoute({
    ...e.createSyncRun,
    access: admin,
    tags,
    summary: 'Start a sync run (or answer the one already running)',
    body: s.createSyncRunBody,
    response: s.syncRun,
  }),
  listSyncRunItems: defineRoute({
    ...e.listSyncRunItems,
    access: admin,
    tags,
    summary: 'Details of a sync run (e-mail, action, status, error)',
    query: s.listSyncRunItemsQuery,
    response: z.array(s.syncRunItem),
  }),
  dashboard: defineRoute({
    ...e.dashboard,
    access: admin,
    tags,
    summary: 'Performance dashboard figures, health checks, database and user figures',
    response: s.dashboardResponse,
  }),
  realtimeSample: defineRoute({
    ...e.realtimeSample,
    access: admin,
    tags,
    summary: 'The current minute so far: response time, active users, DB queries, errors',
    response: s.realtimeSample,
  }),
  usersPaginated: defineRoute({
    ...e.usersPaginated,
    access: admin,
    tags,
    summary: 'Spec call: paged users (page, limit, sortBy, sortOrder, search, status)',
    query: s.usersPaginatedQuery,
    response: s.usersPaginatedResponse,
  }),
  specUpdateUser: defineRoute({
    ...e.specUpdateUser,
    access: admin,
    tags,
    summary: 'Spec call: edit a user',
    params: s.userIdParams,
    body: s.updateUserBody,
    response: s.adminUser,
  }),
  specDeleteUser: defineRoute({
    ...e.specDeleteUser,
    access: admin,
    tags,
    summary: 'Spec call: delete a user',
    params: s.userIdParams,
    response: s.confirmation,
  }),
  specResetPassword: defineRoute({
    hashesPassword: true,
    ...e.specResetPassword,
    access: admin,
    tags,
    summary: 'Spec call: set a temporary password',
    body: s.specResetPasswordBody,
    response: s.confirmation,
  }),
  specResetTraining: defineRoute({
    ...e.specResetTraining,
    access: admin,
    tags,
    summary: 'Spec call: reset training',
    body: s.specResetTrainingBody,
    response: s.confirmation,
  }),
  syncMailchimp: defineRoute({
    ...e.syncMailchimp,
    access: admin,
    tags,
    summary:
      'Spec call: run a sync and answer its results (waits up to 25 s, then answers the progress so far)',
    response: s.syncResults,
  }),
  systemMetrics: defineRoute({
    ...e.systemMetrics,
    access: admin,
    tags,
    summary: 'Process, database, Redis, queue and projection figures',
    response: s.systemMetricsResponse,
  }),
  performanceHistory: defineRoute({
    ...e.performanceHistory,
    access: admin,
    tags,
    summary: 'Stored per-minute metrics over 1 h, 24 h or 7 d, in buckets',
    query: s.performanceHistoryQuery,
    response: s.performanceHistoryResponse,
  }),
} as const;

export type AdminRoutes = typeof adminRoutes;
