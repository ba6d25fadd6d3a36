// Test support: one worker process running only the mailchimp sync job, with short lock and
// stall intervals so a killed process's job is picked up again quickly.
import { Worker } from 'bullmq';
import { parseConfig } from '@portal/backend/config';
import { buildRuntime } from '@portal/backend/app/bootstrap';
import { createQueueRedis } from '@portal/backend/infra/redis';
import { createMailchimpSyncJob } from './mailchimpSync';

const config = parseConfig(process.env);
const runtime = buildRuntime(config, { service: 'worker' });
const job = createMailchimpSyncJob({
  pageConcurrency: Number(process.env.SYNC_PAGE_CONCURRENCY ?? 3),
  retry: { baseDelayMs: 5, maxDelayMs: 50 },
});
const worker = new Worker('mailchimp', (j) => job.process(j as never, runtime.deps), {
  connection: createQueueRedis(config.REDIS_URL),
  prefix: `${config.REDIS_PREFIX}bull`,
  concurrency: 1,
  lockDuration: 2_000,
  stalledInterval: 1_000,
  maxStalledCount: 5,
});
worker.on('ready', () => process.stdout.write('ready\n'));
process.on(
  'SIGTERM',
  () =>
    void worker
      .close()
      .then(() => runtime.close())
      .then(() => process.exit(0)),
);
