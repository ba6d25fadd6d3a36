import type { DashboardResponse } from '@portal/contracts/admin/schemas';
import type { AppDeps } from '../../../app/deps';
import { isAdminUserSql } from '../../../app/users';
import { minuteOf } from '../../../infra/requestStats';
import { readMinutes, summarizeMinutes } from '../../../infra/minuteStats';
import { onlineUsers, poolFigures, queryTypes, round, sessionFigures } from './figures';
import { healthChecks } from './health';

/** The performance dashboard's overview: the last 24 hours, today's growth and the health panel. */

/** actor id as uuid when it is one (audit rows may name other actors) */
const ACTOR_UUID = "(case when l.actor_id ~ '^[0-9a-f-]{36}$' then l.actor_id::uuid end)";

const startOfDayUtc = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

export async function dashboard(deps: AppDeps): Promise<DashboardResponse> {
  const nowMs = Date.now();
  const now = minuteOf(nowMs);
  const dayStart = startOfDayUtc(new Date(nowMs));
  const [minutes, online, sessions, health, types, errorsAll] = await Promise.all([
    readMinutes(deps.redis, deps.config.REDIS_PREFIX, now - 1439, now),
    onlineUsers(deps),
    sessionFigures(deps),
    healthChecks(deps),
    queryTypes(deps),
    deps.db('metrics_snapshots').sum<{ errors: number }[]>({ errors: 'errors' }).first(),
  ]);
  const day = summarizeMinutes(minutes);
  const today = summarizeMinutes(minutes.filter((m) => m.minute >= minuteOf(dayStart.getTime())));
  const [actedAsAdmin, actedAsAdminBindings] = isAdminUserSql('a', deps.config.ADMIN_EMAIL);
  const [progress, growth] = await Promise.all([
    deps
      .db('users as u')
      .leftJoin('onboarding_progress as p', 'p.user_id', 'u.id')
      .select(
        deps.db.raw('count(*)::int as total'),
        ...[1, 2, 3, 4, 5].map((i) =>
          deps.db.raw(`(count(*) filter (where p.step${i}_completed))::int as step${i}`),
        ),
      )
      .first(),
    deps
      .db('audit_log as l')
      .joinRaw(`left join users as a on a.id = ${ACTOR_UUID}`)
      .where('l.occurred_at', '>=', dayStart)
      .select(
        deps.db.raw(
          "(count(distinct l.subject_id) filter (where l.event_type = 'TrainingCompleted'))::int as completed",
        ),
        deps.db.raw("(count(*) filter (where l.event_type = 'NewsletterSubscribed'))::int as newsletter"),
        deps.db.raw(
          `(count(*) filter (where l.actor_id is not null and l.actor_id is distinct from l.subject_id and ${actedAsAdmin}))::int as admin_actions`,
          actedAsAdminBindings,
        ),
      )
      .first(),
  ]);
  const newUsers = await deps
    .db('users')
    .where('created_at', '>=', dayStart)
    .count<{ count: number }[]>({ count: '*' })
    .first();
  const total = Number(progress?.total ?? 0);
  return {
    generatedAt: new Date(nowMs).toISOString(),
    metrics: {
      responseTime: { average: round(day.avgMs), p95: day.p95Ms, p99: day.p99Ms },
      databaseQueries: { total: day.dbQueries, slow: day.dbSlow, avgExecutionTime: round(day.dbAvgMs, 2) },
      activeUsers: { current: online, peak24h: day.peakUsers, totalSessions: sessions.count },
      errorRate: {
        percentage: round(day.errorRate * 100, 2),
        total: Math.max(Number(errorsAll?.errors ?? 0), day.errors),
        last24h: day.errors,
      },
      requests24h: day.requests,
    },
    health,
    database: {
      totalQueries24h: day.dbQueries,
      slowQueries24h: day.dbSlow,
      avgExecutionTime: round(day.dbAvgMs, 2),
      pool: poolFigures(deps),
      topQueryTypes: types,
    },
    users: {
      currentlyOnline: online,
      peakToday: today.peakUsers,
      totalSessions: sessions.count,
      avgSessionMinutes: sessions.avgAgeMinutes,
      totalUsers: total,
      stepCompletion: [1, 2, 3, 4, 5].map((step) => {
        const completed = Number((progress as Record<string, unknown> | undefined)?.[`step${step}`] ?? 0);
        return { step, completed, percent: total ? Math.round((completed / total) * 100) : 0 };
      }),
      growth: {
        newUsersToday: Number(newUsers?.count ?? 0),
        completedTrainingToday: Number(growth?.completed ?? 0),
        newsletterSignupsToday: Number(growth?.newsletter ?? 0),
        adminActionsToday: Number(growth?.admin_actions ?? 0),
      },
    },
  };
}
