// Test support: one worker process running only the jobs of the queue named as its argument
// (`tsx worker/src/jobs/oneQueue.testWorker.ts mail`), with short lock and stall intervals so a
// killed process's job is picked up again quickly. The mailchimp sync retries the mailing
// service after milliseconds, not seconds, with SYNC_PAGE_CONCURRENCY pages at once (default 3).
// Prints "ready" once the worker is ready.
import { parseConfig } from '@portal/backend/config';
import { buildRuntime } from '@portal/backend/app/bootstrap';
import { queueNames } from '@portal/contracts';
import { startWorkers } from '../runWorkers';
import { createMailchimpSyncJob, mailchimpSyncJob } from './mailchimpSync';
import type { JobDefinition } from './types';
import { jobs } from '.';

const queue = queueNames.find((name) => name === process.argv[2]);
if (!queue) throw new Error(`Usage: oneQueue.testWorker.ts <${queueNames.join('|')}>`);

const testSyncJob = createMailchimpSyncJob({
  pageConcurrency: Number(process.env.SYNC_PAGE_CONCURRENCY ?? 3),
  retry: { baseDelayMs: 5, maxDelayMs: 50 },
}) as JobDefinition<never>;

const config = parseConfig(process.env);
const runtime = buildRuntime(config, { service: 'worker' });
const workers = startWorkers(
  runtime.deps,
  jobs.filter((j) => j.queue === queue).map((j) => (j === mailchimpSyncJob ? testSyncJob : j)),
  { lockDuration: 2_000, stalledInterval: 1_000, maxStalledCount: 5 },
);
for (const worker of workers) worker.on('ready', () => process.stdout.write('ready\n'));
process.on(
  'SIGTERM',
  () =>
    void Promise.all(workers.map((w) => w.close()))
      .then(() => runtime.close())
      .then(() => process.exit(0)),
);
