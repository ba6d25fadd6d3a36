import { Transform } from 'node:stream';
import { adminRoutes } from '@portal/contracts/admin/routes';
import type { AppDeps } from '../../app/deps';
import { notFound } from '../../domain/errors';
import { defineFeature, raw, type RequestContext } from '../../http/feature';
import {
  getSyncRun,
  selectSyncRuns,
  startSyncRun,
  toSyncRun,
  type SyncRunRow,
} from '../../integrations/mailchimp/syncRuns';
import {
  bulkUsers,
  deleteUser,
  resetPassword,
  resetTraining,
  transferAdminAddress,
  updateUser,
} from './actions';
import { auditEventTypes, listAudit } from './auditQueries';
import { csvLine } from './csv';
import { dashboard } from './metrics/dashboard';
import { performanceHistory, realtimeSample } from './metrics/history';
import { systemMetrics } from './metrics/system';
import { auditLogProjection } from '../../projections/auditLog';
import {
  type AdminUserRow,
  getAdminUser,
  listUsers,
  selectUsers,
  toAdminUser,
  type UserQuery,
} from './userQueries';

/** ra-data-simple-rest: the page as a JSON array, the total in `Content-Range`. */
export function listAnswer<T>(resource: string, rows: T[], offset: number, total: number, exact = true) {
  // an empty page (past the end) names no rows: `users */12` (RFC 9110 unsatisfied range form)
  const range = rows.length ? `${offset}-${offset + rows.length - 1}` : '*';
  return raw(rows as unknown as object, {
    headers: {
      'Content-Range': `${resource} ${range}/${total}`,
      ...(exact ? {} : { 'X-Total-Estimated': 'true' }),
    },
  });
}

export const pageOf = (range: [number, number] | undefined, fallback = 50) => {
  const [start, end] = range ?? [0, fallback - 1];
  return { offset: start, limit: end - start + 1 };
};

const CSV_COLUMNS = [
  'id',
  'uid',
  'firstName',
  'lastName',
  'email',
  'sponsorName',
  'isAdmin',
  'isLocked',
  'newsletter',
  'mustChangePassword',
  'progress',
  'status',
  'lastLoginAt',
  'createdAt',
] as const;

const SYNC_WAIT_MS = 25_000;

/** The admin console's API: users, audit history, mailing-service sync, dashboard and metrics. */
export function createAdminFeature(deps: AppDeps) {
  const adminEmail = deps.config.ADMIN_EMAIL;
  const actorOf = (rc: RequestContext) => rc.user!;
  /** every command committed before this read shows in the audit log */
  const auditCaughtUp = () => deps.projections.catchUp(auditLogProjection.name);
  const one = async (id: string) => {
    const user = await getAdminUser(deps.db, id, adminEmail);
    if (!user) throw notFound('user_not_found', 'User not found');
    return user;
  };

  return defineFeature('admin', adminRoutes, {
    async listUsers({ query }) {
      const { offset, limit } = pageOf(query.range);
      const { rows, total, exact } = await listUsers(
        deps.db,
        { filter: query.filter, sort: query.sort, offset, limit },
        adminEmail,
      );
      return listAnswer('users', rows, offset, total, exact);
    },
    async usersPaginated({ query }) {
      const uq: UserQuery = {
        filter: { q: query.search, status: query.status },
        sort: [query.sortBy, query.sortOrder === 'asc' ? 'ASC' : 'DESC'],
      };
      const { rows, total } = await listUsers(
        deps.db,
        { ...uq, offset: (query.page - 1) * query.limit, limit: query.limit },
        adminEmail,
      );
      return { users: rows, total };
    },
    async exportUsers({ query }, rc) {
      const stream = selectUsers(deps.db, { filter: query.filter, sort: query.sort }, adminEmail).stream();
      let first = true;
      const toCsv = new Transform({
        writableObjectMode: true,
        transform(row: AdminUserRow, _enc, done) {
          const user = toAdminUser(row, adminEmail);
          const header = first ? `\uFEFF${csvLine(CSV_COLUMNS)}` : '';
          first = false;
          done(null, header + csvLine(CSV_COLUMNS.map((c) => user[c])));
        },
        flush(done) {
          done(null, first ? `\uFEFF${csvLine(CSV_COLUMNS)}` : '');
        },
      });
      stream.on('error', (error) => {
        rc.logger.error({ err: error }, 'CSV export failed');
        toCsv.destroy(error);
      });
      toCsv.on('close', () => stream.destroy());
      const day = new Date().toISOString().slice(0, 10);
      return raw(stream.pipe(toCsv), {
        type: 'text/csv; charset=utf-8',
        headers: {
          'Content-Disposition': `attachment; filename="users-${day}.csv"`,
          'Cache-Control': 'no-store',
        },
      });
    },
    getUser: ({ params }) => one(params.id),
    async updateUser({ params, body }, rc) {
      await updateUser(deps, actorOf(rc), params.id, body, rc.commandMetadata());
      return one(params.id);
    },
    async specUpdateUser({ params, body }, rc) {
      await updateUser(deps, actorOf(rc), params.userId, body, rc.commandMetadata());
      return one(params.userId);
    },
    async deleteUser({ params }, rc) {
      await deleteUser(deps, actorOf(rc), params.id, rc.commandMetadata());
      return { id: params.id };
    },
    async specDeleteUser({ params }, rc) {
      await deleteUser(deps, actorOf(rc), params.userId, rc.commandMetadata());
      return { success: true as const, message: 'User deleted', id: params.userId };
    },
    async resetUserPassword({ params, body }, rc) {
      await resetPassword(deps, params.id, body.newPassword, rc.commandMetadata());
      return {
        success: true as const,
        message: 'Password reset successfully; the user must change it at next sign-in',
        id: params.id,
      };
    },
    async specResetPassword({ body }, rc) {
      await resetPassword(deps, body.userId, body.newPassword, rc.commandMetadata());
      return {
        success: true as const,
        message: 'Password reset successfully; the user must change it at next sign-in',
        id: body.userId,
      };
    },
    async resetUserTraining({ params }, rc) {
      await resetTraining(deps, params.id, rc.commandMetadata());
      return { success: true as const, message: 'Training progress reset', id: params.id };
    },
    async specResetTraining({ body }, rc) {
      await resetTraining(deps, body.userId, rc.commandMetadata());
      return { success: true as const, message: 'Training progress reset', id: body.userId };
    },
    async transferAdminAddress({ params, body }, rc) {
      await transferAdminAddress(deps, params.id, body.formerHolderEmail, rc.commandMetadata());
      return one(params.id);
    },
    bulkUsers: ({ body }, rc) => bulkUsers(deps, actorOf(rc), body.ids, body.action, rc.commandMetadata()),
    async userEvents({ params, query }) {
      await one(params.id);
      const { offset, limit } = pageOf(query.range, 100);
      await auditCaughtUp();
      const { rows, total } = await listAudit(deps.db, {
        filter: { subjectId: params.id, eventType: query.filter?.eventType },
        sort: query.sort,
        offset,
        limit,
      });
      return listAnswer('events', rows, offset, total);
    },
    async listAudit({ query }) {
      const { offset, limit } = pageOf(query.range);
      await auditCaughtUp();
      const { rows, total } = await listAudit(deps.db, {
        filter: query.filter,
        sort: query.sort,
        offset,
        limit,
      });
      return listAnswer('audit', rows, offset, total);
    },
    async getAudit({ params }) {
      await auditCaughtUp();
      const { rows } = await listAudit(deps.db, { filter: { id: params.id }, offset: 0, limit: 1 });
      if (!rows[0]) throw notFound('audit_not_found', 'Audit entry not found');
      return rows[0];
    },
    auditEventTypes: async () => auditEventTypes(),
    async listSyncRuns({ query }) {
      const { offset, limit } = pageOf(query.range, 10);
      const q = selectSyncRuns(deps.db);
      const count = deps.db('sync_runs as r');
      for (const b of [q, count]) {
        if (query.filter?.status) b.where('r.status', query.filter.status);
        if (query.filter?.id)
          b.whereIn('r.id', Array.isArray(query.filter.id) ? query.filter.id : [query.filter.id]);
      }
      const dir = query.sort?.[1] === 'ASC' ? 'asc' : 'desc';
      const [rows, total] = await Promise.all([
        q.orderBy('r.created_at', dir).offset(offset).limit(limit) as Promise<SyncRunRow[]>,
        count.count<{ count: number }[]>({ count: '*' }).first(),
      ]);
      return listAnswer('sync-runs', rows.map(toSyncRun), offset, Number(total?.count ?? 0));
    },
    async getSyncRun({ params }) {
      const run = await getSyncRun(deps.db, params.id);
      if (!run) throw notFound('sync_run_not_found', 'Sync run not found');
      return run;
    },
    async createSyncRun(_input, rc) {
      const { run } = await startSyncRun(deps, {
        trigger: 'manual',
        requestedBy: rc.user!.id,
        metadata: rc.commandMetadata(),
      });
      return run;
    },
    async listSyncRunItems({ query }) {
      const { offset, limit } = pageOf(query.range, 25);
      const base = () => {
        const b = deps
          .db('sync_run_items')
          .where({ run_id: query.filter.runId })
          .whereNot({ status: 'pending' });
        if (query.filter.status) b.where({ status: query.filter.status });
        return b;
      };
      const [field, dir] = query.sort ?? ['createdAt', 'ASC'];
      const order = field === 'email' ? 'email' : 'id';
      const [rows, total] = await Promise.all([
        base()
          .orderBy(order, dir === 'ASC' ? 'asc' : 'desc')
          .offset(offset)
          .limit(limit),
        base().count<{ count: number }[]>({ count: '*' }).first(),
      ]);
      const items = rows.map(
        (r: {
          id: number;
          run_id: string;
          email: string;
          action: string;
          status: 'success' | 'error';
          error: string | null;
          created_at: Date;
        }) => ({
          id: String(r.id),
          runId: r.run_id,
          email: r.email,
          action: r.action,
          status: r.status,
          error: r.error,
          createdAt: new Date(r.created_at).toISOString(),
        }),
      );
      return listAnswer('sync-run-items', items, offset, Number(total?.count ?? 0));
    },
    async syncMailchimp(_input, rc) {
      const { run } = await startSyncRun(deps, {
        trigger: 'manual',
        requestedBy: rc.user!.id,
        metadata: rc.commandMetadata(),
      });
      // With no worker connected the run waits in the queue: answer at once instead of holding the request.
      const workers = await deps.queues.mailchimp.getWorkersCount().catch(() => 0);
      const deadline = Date.now() + (workers > 0 ? SYNC_WAIT_MS : 0);
      let current = run;
      while ((current.status === 'queued' || current.status === 'running') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 500));
        current = (await getSyncRun(deps.db, run.id)) ?? current;
      }
      const details = await deps
        .db('sync_run_items')
        .where({ run_id: run.id })
        .whereNot({ status: 'pending' })
        .orderBy('id')
        .limit(1000)
        .select('email', 'action', 'status', 'error');
      return {
        runId: run.id,
        status: current.status,
        total: current.total,
        updated: current.updated,
        errors: current.errors,
        details,
      };
    },
    dashboard: () => dashboard(deps),
    realtimeSample: () => realtimeSample(deps),
    systemMetrics: () => systemMetrics(deps),
    performanceHistory: ({ query }) => performanceHistory(deps, query.range),
  });
}
