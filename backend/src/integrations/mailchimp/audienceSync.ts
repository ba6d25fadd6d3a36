import type { AppDeps } from '../../app/deps';
import { handleCommand } from '../../app/commandHandler';
import { userDecider, userStream } from '../../domain/user/decider';
import { alignNewsletterStep } from '../../app/newsletterStep';
import { mailchimpSettings } from './client';
import { ProviderError, type RetryOptions } from './concurrency';
import { BACKGROUND_RETRY, type MailchimpGateway } from './gateway';
import { mailchimpGateway } from './newsletter';

/**
 * Mailing-service sync: reconciles every user's newsletter flag with the audience. The
 * audience is read in pages; for each member whose status disagrees with the user's flag a
 * NewsletterSubscribed / NewsletterUnsubscribed event (source 'sync') is recorded.
 *
 * Resumable: a page's intended changes are stored first (`sync_run_items`, status pending),
 * then applied (each command is idempotent: it changes nothing the second time), then the page
 * is checkpointed (`sync_run_pages`) with its counts in one transaction. A worker killed at any
 * point leaves a run that the next attempt finishes without repeating finished pages or
 * counting anything twice.
 */

export { mailchimpSemaphore } from './gateway';
export const SYNC_PAGE_SIZE = 1000;

interface AudienceMember {
  email: string;
  /** subscribed, unsubscribed, cleaned, pending, transactional, archived */
  status: string;
}
interface AudiencePage {
  members: AudienceMember[];
  totalItems: number;
}
export interface Audience {
  kind: 'mailchimp' | 'demo';
  readPage(offset: number, count: number): Promise<AudiencePage>;
}

/** Only `subscribed` receives the newsletter. */
const isSubscribedStatus = (status: string) => status === 'subscribed';

// ---------------------------------------------------------------------------------------------
// Adapters

/** The Mailchimp audience, read through the shared gateway (the 10-in-flight limit, back-off). */
function mailchimpAudience(gateway: MailchimpGateway): Audience {
  return {
    kind: 'mailchimp',
    async readPage(offset, count) {
      const page = await gateway.call('readPage', (client) =>
        client.lists.getListMembersInfo(gateway.settings.audienceId, {
          count,
          offset,
          fields: ['members.email_address', 'members.status', 'total_items'],
        }),
      );
      return {
        members: (page.members ?? []).map((m) => ({ email: m.email_address, status: m.status })),
        totalItems: Number(page.total_items ?? 0),
      };
    },
  };
}

/** Without credentials: the demo list kept in PostgreSQL (newsletter_demo_members). */
export function demoAudience(deps: Pick<AppDeps, 'db'>): Audience {
  return {
    kind: 'demo',
    async readPage(offset, count) {
      const [rows, total] = await Promise.all([
        deps
          .db('newsletter_demo_members')
          .select('email', 'status')
          .orderBy('email_lower')
          .offset(offset)
          .limit(count),
        deps.db('newsletter_demo_members').count<{ count: number }[]>({ count: '*' }).first(),
      ]);
      return {
        members: rows.map((r: { email: string; status: string }) => ({ email: r.email, status: r.status })),
        totalItems: Number(total?.count ?? 0),
      };
    },
  };
}

export const mailchimpConfigured = (config: AppDeps['config']) => mailchimpSettings(config) !== null;

/**
 * The audience of this deployment: Mailchimp (through the gateway, with the background retry
 * budget unless `retry` says otherwise) when configured, else the demo list.
 */
export function audienceFor(
  deps: Pick<AppDeps, 'config' | 'db' | 'redis' | 'logger'>,
  retry: RetryOptions = BACKGROUND_RETRY,
): Audience {
  const gateway = mailchimpGateway(deps, { retry, timeoutMs: 30_000 });
  return gateway ? mailchimpAudience(gateway) : demoAudience(deps);
}

// ---------------------------------------------------------------------------------------------
// The run

export interface SyncOptions {
  pageSize?: number;
  /** pages read and applied at the same time within one run */
  pageConcurrency?: number;
  /** commands applied at the same time within one page */
  commandConcurrency?: number;
  /** called after each checkpointed page (tests, logs) */
  onPage?: (page: number) => void | Promise<void>;
  signal?: AbortSignal;
}

export interface SyncSummary {
  runId: string;
  status: 'completed' | 'failed';
  total: number;
  updated: number;
  errors: number;
}

type Deps = Pick<AppDeps, 'db' | 'store' | 'redis' | 'config' | 'logger'>;

interface PendingItem {
  id: number;
  email: string;
  user_id: string | null;
  action: string;
}

async function mapLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      await fn(item);
    }
  });
  await Promise.all(workers);
}

export async function runAudienceSync(
  deps: Deps,
  runId: string,
  audience: Audience,
  options: SyncOptions = {},
): Promise<SyncSummary> {
  const { db } = deps;
  const run = await db('sync_runs').where({ id: runId }).first();
  if (!run) throw new Error(`Sync run ${runId} not found`);
  if (run.status === 'completed' || run.status === 'failed') return summarize(deps, runId, run.status);
  const pageSize = Number(run.page_size) || options.pageSize || SYNC_PAGE_SIZE;
  await db('sync_runs')
    .where({ id: runId })
    .update({
      status: 'running',
      adapter: audience.kind,
      started_at: db.raw('coalesce(started_at, now())'),
      heartbeat_at: db.fn.now(),
      attempts: db.raw('attempts + 1'),
    });

  // the Mailchimp audience reads through the gateway (shared limit, back-off, classification)
  const read = (page: number) => audience.readPage(page * pageSize, pageSize);

  try {
    let pagesTotal: number | null = run.pages_total;
    let firstPage: AudiencePage | null = null;
    if (pagesTotal === null) {
      firstPage = await read(0);
      pagesTotal = Math.ceil(firstPage.totalItems / pageSize);
      await db('sync_runs')
        .where({ id: runId })
        .update({ audience_size: firstPage.totalItems, pages_total: pagesTotal });
    }
    const done = new Set<number>(
      (await db('sync_run_pages').where({ run_id: runId }).select('page')).map(
        (r: { page: number }) => r.page,
      ),
    );
    const todo = Array.from({ length: pagesTotal }, (_, i) => i).filter((p) => !done.has(p));
    await mapLimit(todo, options.pageConcurrency ?? 3, async (page) => {
      options.signal?.throwIfAborted();
      const data = page === 0 && firstPage ? firstPage : await read(page);
      await applyPage(deps, runId, page, data.members, options);
      await options.onPage?.(page);
    });
    return await finish(deps, runId, 'completed', null);
  } catch (error) {
    const message =
      error instanceof ProviderError
        ? `Mailing service: ${error.message}`
        : error instanceof Error
          ? error.message
          : String(error);
    // A killed or aborted worker leaves the run 'running' so the retried job resumes it.
    if (options.signal?.aborted) throw error;
    await db('sync_runs')
      .where({ id: runId })
      .update({ last_error: message.slice(0, 500) });
    throw error;
  }
}

/** Marks a run failed for good (the job ran out of attempts). */
export async function failRun(deps: Deps, runId: string, message: string): Promise<SyncSummary> {
  return finish(deps, runId, 'failed', message);
}

async function applyPage(
  deps: Deps,
  runId: string,
  page: number,
  members: AudienceMember[],
  options: SyncOptions,
) {
  const { db, store } = deps;
  const byEmail = new Map<string, AudienceMember>();
  for (const m of members) byEmail.set(m.email.trim().toLowerCase(), m);
  const emails = [...byEmail.keys()];
  const users: { id: string; email_lower: string; newsletter: boolean }[] = emails.length
    ? await db('users').whereIn('email_lower', emails).select('id', 'email_lower', 'newsletter')
    : [];
  // 1. the intended changes of this page (kept from an earlier, interrupted attempt too)
  const intended = users
    .map((u) => {
      const want = isSubscribedStatus(byEmail.get(u.email_lower)!.status);
      return want === u.newsletter
        ? null
        : {
            run_id: runId,
            page,
            email: u.email_lower,
            user_id: u.id,
            action: want ? 'subscribed' : 'unsubscribed',
            status: 'pending',
          };
    })
    .filter((x): x is NonNullable<typeof x> => x !== null);
  if (intended.length) await db('sync_run_items').insert(intended).onConflict(['run_id', 'email']).ignore();
  const pending: PendingItem[] = await db('sync_run_items')
    .where({ run_id: runId, page, status: 'pending' })
    .select('id', 'email', 'user_id', 'action');

  // 2. apply them; a command recorded before a crash changes nothing the second time
  const results: { id: number; status: 'success' | 'error'; error: string | null }[] = [];
  await mapLimit(pending, options.commandConcurrency ?? 8, async (item) => {
    try {
      if (!item.user_id) throw new Error('No account with this e-mail');
      const subscribed = item.action === 'subscribed';
      const meta = {
        actorId: null,
        correlationId: `sync-${runId}`,
        causationId: null,
        idempotencyKey: `sync:${runId}:${item.email}`,
      };
      await handleCommand(
        store,
        userStream(item.user_id),
        userDecider,
        { type: 'SetNewsletter', subscribed, source: 'sync' },
        meta,
      );
      // step 1 of the foundation follows the newsletter
      await alignNewsletterStep(store, item.user_id, meta);
      results.push({ id: item.id, status: 'success', error: null });
    } catch (error) {
      results.push({
        id: item.id,
        status: 'error',
        error: error instanceof Error ? error.message.slice(0, 300) : String(error),
      });
    }
  });

  // 3. outcome and checkpoint in one transaction
  await db.transaction(async (trx) => {
    for (const r of results)
      await trx('sync_run_items').where({ id: r.id }).update({ status: r.status, error: r.error });
    const counts = await trx('sync_run_items')
      .where({ run_id: runId, page })
      .select(
        trx.raw("count(*) filter (where status = 'success')::int as updated"),
        trx.raw("count(*) filter (where status = 'error')::int as errors"),
      )
      .first();
    await trx('sync_run_pages')
      .insert({
        run_id: runId,
        page,
        members: members.length,
        updated: counts?.updated ?? 0,
        errors: counts?.errors ?? 0,
      })
      .onConflict(['run_id', 'page'])
      .ignore();
    await trx('sync_runs').where({ id: runId }).update({ heartbeat_at: trx.fn.now() });
  });
}

async function totals(deps: Pick<Deps, 'db'>, runId: string) {
  const row = await deps
    .db('sync_run_pages')
    .where({ run_id: runId })
    .select(
      deps.db.raw('coalesce(sum(members), 0)::int as total'),
      deps.db.raw('coalesce(sum(updated), 0)::int as updated'),
      deps.db.raw('coalesce(sum(errors), 0)::int as errors'),
    )
    .first();
  return {
    total: Number(row?.total ?? 0),
    updated: Number(row?.updated ?? 0),
    errors: Number(row?.errors ?? 0),
  };
}

async function summarize(deps: Deps, runId: string, status: 'completed' | 'failed'): Promise<SyncSummary> {
  return { runId, status, ...(await totals(deps, runId)) };
}

async function finish(
  deps: Deps,
  runId: string,
  status: 'completed' | 'failed',
  lastError: string | null,
): Promise<SyncSummary> {
  const t = await totals(deps, runId);
  const changed = await deps
    .db('sync_runs')
    .whereIn('status', ['queued', 'running'])
    .andWhere({ id: runId })
    .update({
      status,
      finished_at: deps.db.fn.now(),
      heartbeat_at: deps.db.fn.now(),
      ...(lastError ? { last_error: lastError.slice(0, 500) } : {}),
    });
  if (changed) {
    await handleCommand(
      deps.store,
      `SyncRun-${runId}`,
      syncRunRecorder,
      { type: 'SyncRunFinished', data: { runId, status, ...t } },
      { actorId: null, correlationId: `sync-${runId}`, causationId: null, idempotencyKey: `finish:${runId}` },
    ).catch((error) => deps.logger.warn({ err: error, runId }, 'could not record the end of a sync run'));
  }
  return { runId, status, ...t };
}

/** The sync run's own stream only records what happened (no rules to enforce). */
type SyncRunEvent =
  | { type: 'SyncRunRequested'; data: { runId: string; trigger: 'manual' | 'scheduled' } }
  | {
      type: 'SyncRunFinished';
      data: { runId: string; status: 'completed' | 'failed'; total: number; updated: number; errors: number };
    };
export const syncRunRecorder = {
  initialState: () => ({ finished: false }),
  evolve: (s: { finished: boolean }, e: SyncRunEvent) =>
    e.type === 'SyncRunFinished' ? { finished: true } : s,
  decide: (c: SyncRunEvent, s: { finished: boolean }): SyncRunEvent[] =>
    c.type === 'SyncRunFinished' && s.finished ? [] : [c],
};
