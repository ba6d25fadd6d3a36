// Test support: one worker process running only the mail queue's jobs, with short lock and
// stall intervals so a killed process's job is picked up again quickly.
import { parseConfig } from '@portal/backend/config';
import { buildRuntime } from '@portal/backend/app/bootstrap';
import { startWorkers } from '../runWorkers';
import { jobs } from '.';

const config = parseConfig(process.env);
const runtime = buildRuntime(config, { service: 'worker' });
const workers = startWorkers(
  runtime.deps,
  jobs.filter((j) => j.queue === 'mail'),
  { lockDuration: 2_000, stalledInterval: 1_000, maxStalledCount: 5 },
);
process.on(
  'SIGTERM',
  () =>
    void Promise.all(workers.map((w) => w.close()))
      .then(() => runtime.close())
      .then(() => process.exit(0)),
);
