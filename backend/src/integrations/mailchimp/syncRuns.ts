import { randomUUID } from 'node:crypto';
import { queues } from '@portal/contracts';
import type { SyncRun } from '@portal/contracts/admin/schemas';
import type { AppDeps } from '../../app/deps';
import { handleCommand, type CommandMetadata } from '../../app/commandHandler';
import { mailchimpConfigured, SYNC_PAGE_SIZE, syncRunRecorder } from './audienceSync';

/** Starting sync runs and reading their progress (the API and the worker's scheduler both use it). */

const syncJobId = (runId: string) => `sync-${runId}`;
const SYNC_JOB_ATTEMPTS = 5;

type Deps = Pick<AppDeps, 'db' | 'store' | 'queues' | 'config' | 'logger'>;

export interface SyncRunRow {
  id: string;
  status: SyncRun['status'];
  trigger: SyncRun['trigger'];
  requested_by: string | null;
  requested_by_first: string | null;
  requested_by_last: string | null;
  adapter: SyncRun['adapter'];
  audience_size: number | null;
  pages_total: number | null;
  last_error: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  pages_done: number;
  processed: number;
  updated: number;
  errors: number;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function toSyncRun(r: SyncRunRow): SyncRun {
  const pagesDone = Number(r.pages_done ?? 0);
  const pagesTotal = r.pages_total === null ? null : Number(r.pages_total);
  const finished = r.status === 'completed' || r.status === 'failed';
  const percent =
    finished && r.status === 'completed'
      ? 100
      : pagesTotal
        ? Math.min(99, Math.floor((pagesDone / pagesTotal) * 100))
        : 0;
  return {
    id: r.id,
    status: r.status,
    trigger: r.trigger,
    requestedBy: r.requested_by,
    requestedByName:
      r.requested_by_first !== null ? `${r.requested_by_first} ${r.requested_by_last ?? ''}`.trim() : null,
    adapter: r.adapter,
    createdAt: new Date(r.created_at).toISOString(),
    startedAt: iso(r.started_at),
    finishedAt: iso(r.finished_at),
    audienceSize: r.audience_size === null ? null : Number(r.audience_size),
    pagesDone,
    pagesTotal,
    processed: Number(r.processed ?? 0),
    total: Number(r.processed ?? 0),
    updated: Number(r.updated ?? 0),
    errors: Number(r.errors ?? 0),
    percent,
    lastError: r.last_error,
  };
}

/** Runs with their live counters (summed from the page checkpoints). */
export function selectSyncRuns(db: AppDeps['db']) {
  const pages = db('sync_run_pages')
    .select('run_id')
    .count({ pages_done: '*' })
    .sum({ processed: 'members', updated: 'updated', errors: 'errors' })
    .groupBy('run_id')
    .as('p');
  return db('sync_runs as r')
    .leftJoin(pages, 'p.run_id', 'r.id')
    .leftJoin('users as u', 'u.id', 'r.requested_by')
    .select(
      'r.*',
      'u.first_name as requested_by_first',
      'u.last_name as requested_by_last',
      db.raw('coalesce(p.pages_done, 0)::int as pages_done'),
      db.raw('coalesce(p.processed, 0)::int as processed'),
      db.raw('coalesce(p.updated, 0)::int as updated'),
      db.raw('coalesce(p.errors, 0)::int as errors'),
    );
}

export async function getSyncRun(db: AppDeps['db'], id: string): Promise<SyncRun | null> {
  const row = (await selectSyncRuns(db).where('r.id', id).first()) as SyncRunRow | undefined;
  return row ? toSyncRun(row) : null;
}

async function enqueue(deps: Deps, runId: string, requestedBy: string | null) {
  const payload = queues.mailchimp.jobs.sync.parse({ runId, requestedBy });
  await deps.queues.mailchimp.add('sync', payload, {
    jobId: syncJobId(runId),
    attempts: SYNC_JOB_ATTEMPTS,
    backoff: { type: 'exponential', delay: 5_000 },
    removeOnComplete: 200,
    removeOnFail: 500,
  });
}

/** Gives up an active run whose job is gone (e.g. it failed for good while nobody watched). */
async function clearAbandoned(deps: Deps) {
  const active = await deps.db('sync_runs').whereIn('status', ['queued', 'running']).first();
  if (!active) return;
  const job = await deps.queues.mailchimp.getJob(syncJobId(active.id));
  const state = job ? await job.getState() : 'missing';
  if (state === 'missing' || state === 'failed' || state === 'completed' || state === 'unknown') {
    await deps.db('sync_runs').where({ id: active.id }).whereIn('status', ['queued', 'running']).update({
      status: 'failed',
      finished_at: deps.db.fn.now(),
      last_error: 'The run stopped without finishing (its job is no longer queued).',
    });
  }
}

/**
 * Starts a run, or answers the one already queued or running (one at a time: a unique index
 * on active runs makes concurrent starts agree). The job id is derived from the run id, so
 * enqueuing twice never makes two jobs.
 */
export async function startSyncRun(
  deps: Deps,
  options: {
    trigger: 'manual' | 'scheduled';
    requestedBy: string | null;
    metadata?: CommandMetadata;
    pageSize?: number;
  },
): Promise<{ run: SyncRun; created: boolean }> {
  await clearAbandoned(deps);
  const id = randomUUID();
  const inserted = await deps.db.raw(
    "insert into sync_runs (id, status, trigger, requested_by, adapter, page_size) values (?, 'queued', ?, ?, ?, ?) on conflict do nothing returning id",
    [
      id,
      options.trigger,
      options.requestedBy,
      mailchimpConfigured(deps.config) ? 'mailchimp' : 'demo',
      options.pageSize ?? SYNC_PAGE_SIZE,
    ],
  );
  if (inserted.rows.length === 0) {
    const active = await deps.db('sync_runs').whereIn('status', ['queued', 'running']).first();
    const run = active ? await getSyncRun(deps.db, active.id) : null;
    if (run) {
      // make sure its job exists (an earlier enqueue may have failed)
      await enqueue(deps, run.id, run.requestedBy);
      return { run, created: false };
    }
    return startSyncRun(deps, options);
  }
  await handleCommand(
    deps.store,
    `SyncRun-${id}`,
    syncRunRecorder,
    { type: 'SyncRunRequested', data: { runId: id, trigger: options.trigger } },
    options.metadata ?? { actorId: options.requestedBy, correlationId: `sync-${id}`, causationId: null },
  );
  await enqueue(deps, id, options.requestedBy);
  return { run: (await getSyncRun(deps.db, id))!, created: true };
}
