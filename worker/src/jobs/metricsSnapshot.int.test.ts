import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from 'bullmq';
import { startTestApp, type TestApp } from '../../../testing/app';
import { minuteOf } from '@portal/backend/infra/requestStats';
import { metricsSnapshotJob } from './metricsSnapshot';
import { registerSchedules, schedules } from '../schedulers';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('metrics snapshot job', () => {
  it('stores the finished minute of real request and query statistics once', async () => {
    const { deps } = app;
    const minute = minuteOf(Date.now()) - 1;
    const at = minute * 60_000 + 1_000;
    // Requests as the API records them: 98 fast, 2 slow, one of them a 500.
    const stats = deps.requestStats as unknown as { add(field: string, by?: number, at?: number): void };
    for (let i = 0; i < 98; i++) {
      stats.add('requests', 1, at);
      stats.add('duration_ms', 20, at);
      stats.add('le:25', 1, at);
    }
    stats.add('requests', 2, at);
    stats.add('duration_ms', 1800, at);
    stats.add('le:2000', 2, at);
    stats.add('errors', 1, at);
    stats.add('db_queries', 10, at);
    stats.add('db_ms', 1500, at);
    stats.add('db_slow', 1, at);
    await deps.requestStats.flush();

    const job = { data: { minute } } as Job<{ minute?: number }>;
    await metricsSnapshotJob.process(job, deps);
    await metricsSnapshotJob.process(job, deps); // retried: no second row

    const rows = await deps.db('metrics_snapshots').where({ taken_at: new Date(minute * 60_000) });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      requests: 100,
      errors: 1,
      db_queries: 10,
      db_slow_queries: 1,
      p95_ms: 25,
      p99_ms: 2000,
    });
    expect(rows[0].avg_ms).toBeCloseTo((98 * 20 + 1800) / 100);
    expect(rows[0].error_rate).toBeCloseTo(0.01);
  });

  it('registers recurring jobs idempotently: restarts never duplicate them (QUALITY 30)', async () => {
    await registerSchedules(app.deps.queues);
    await registerSchedules(app.deps.queues);
    await registerSchedules(app.deps.queues);
    // every queue with a recurring job: one scheduler and one pending next run per schedule
    for (const name of new Set(schedules.map((s) => s.queue))) {
      const queue = app.deps.queues[name];
      const own = schedules.filter((s) => s.queue === name);
      const schedulers = await queue.getJobSchedulers();
      expect([name, schedulers.map((s) => s.key).sort()]).toEqual([name, own.map((s) => s.id).sort()]);
      const pending = await queue.getJobs(['delayed', 'waiting', 'prioritized']);
      expect([name, pending.length]).toEqual([name, own.length]);
      await queue.obliterate({ force: true });
    }
  });
});
