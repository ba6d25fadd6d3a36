import { FUNNEL_COHORT_WEEKS, FUNNEL_STAGES } from '@portal/contracts/funnel/endpoints';
import type { FunnelCohort, FunnelStageFigures } from '@portal/contracts/funnel/schemas';
import type { AppDeps } from '../../app/deps';

type Db = AppDeps['db'];

/** Days from `start` to `end` (never negative), null when either is missing. SQL fragments of constants only. */
const days = (start: string, end: string) =>
  `case when ${start} is null or ${end} is null then null else greatest(0, extract(epoch from (${end} - ${start}))::float8 / 86400) end`;
/** When each stage starts and ends: step 1 starts at registration, each later one when the one before was first done. */
const STAGE_SPAN = [1, 2, 3, 4, 5, 6].map((k) => ({
  start: k === 1 ? 'registered_at' : `first_done_at[${k - 1}]`,
  end: k <= 5 ? `first_done_at[${k}]` : 'training_completed_at',
}));
const doneNow = (k: number) => (k <= 5 ? `steps[${k}]` : 'training_completed');

export interface FunnelFigures {
  registered: number;
  /** per stage (steps 1–5, training): done now, and the median days (unrounded) */
  completed: number[];
  medianDays: (number | null)[];
  cohorts: Array<{ week: string; registered: number; completed: number[] }>;
}

const members = (db: Db, sponsorId: string | null) =>
  db('funnel_members')
    .where({ is_admin: false })
    .modify((q) => {
      if (sponsorId) q.where({ sponsor_id: sponsorId });
    });

/** The funnel's raw figures over every partner (admins left out) or one sponsor's direct team. */
export async function funnelFigures(db: Db, sponsorId: string | null): Promise<FunnelFigures> {
  const stages = [1, 2, 3, 4, 5, 6];
  const totals = await members(db, sponsorId)
    .select(
      db.raw('count(*)::int as registered'),
      ...stages.map((k) => db.raw(`count(*) filter (where ${doneNow(k)})::int as c${k}`)),
      ...stages.map((k) =>
        db.raw(
          `percentile_cont(0.5) within group (order by ${days(STAGE_SPAN[k - 1].start, STAGE_SPAN[k - 1].end)}) as m${k}`,
        ),
      ),
    )
    .first();
  const cohortRows = await members(db, sponsorId)
    .select(
      db.raw(`to_char(date_trunc('week', registered_at at time zone 'UTC'), 'YYYY-MM-DD') as week`),
      db.raw('count(*)::int as registered'),
      ...stages.map((k) => db.raw(`count(*) filter (where ${doneNow(k)})::int as c${k}`)),
    )
    .groupBy('week')
    .orderBy('week', 'desc');
  return {
    registered: totals?.registered ?? 0,
    completed: stages.map((k) => totals?.[`c${k}`] ?? 0),
    medianDays: stages.map((k) => (totals?.[`m${k}`] == null ? null : Number(totals[`m${k}`]))),
    cohorts: cohortRows.map((r: Record<string, unknown>) => ({
      week: r.week as string,
      registered: r.registered as number,
      completed: stages.map((k) => r[`c${k}`] as number),
    })),
  };
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** Reached, completed, drop-off, rate and median days per stage, from the raw figures. */
export function stageFigures(f: FunnelFigures): FunnelStageFigures[] {
  return FUNNEL_STAGES.map((stage, i) => {
    const reached = i === 0 ? f.registered : f.completed[i - 1];
    const completed = f.completed[i];
    return {
      stage,
      reached,
      completed,
      dropOff: Math.max(0, reached - completed),
      completionRate: f.registered ? oneDecimal((completed / f.registered) * 100) : 0,
      medianDays: f.medianDays[i] === null ? null : oneDecimal(f.medianDays[i]!),
    };
  });
}

export const shownCohorts = (f: FunnelFigures): FunnelCohort[] => f.cohorts.slice(0, FUNNEL_COHORT_WEEKS);

/** Sponsors with partners (largest team first) for the team picker. */
export async function sponsorsWithTeams(db: Db) {
  const rows = await db('funnel_members as m')
    .join('users as u', 'u.id', 'm.sponsor_id')
    .where('m.is_admin', false)
    .groupBy('m.sponsor_id', 'u.first_name', 'u.last_name')
    .select('m.sponsor_id as id', 'u.first_name', 'u.last_name', db.raw('count(*)::int as partners'))
    .orderBy([
      { column: 'partners', order: 'desc' },
      { column: 'u.last_name', order: 'asc' },
    ])
    .limit(100);
  return rows.map((r) => ({
    id: r.id as string,
    name: `${r.first_name} ${r.last_name}`.trim(),
    partners: r.partners as number,
  }));
}
