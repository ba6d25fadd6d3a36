/**
 * Command POST /api/complete-step with its append and read-your-writes vs the bare Koa route; a
 * projection in this process records how long after each append it saw the event (lag).
 */
import { createDb } from '../../backend/src/infra/db';
import { createLogger } from '../../backend/src/infra/logger';
import { createPostgresEventStore } from '../../backend/src/eventStore/postgres';
import { ProjectionHost } from '../../backend/src/projections/runner';
import type { Projection } from '../../backend/src/projections/projection';
import { latencyText, percentile, runLoad, statusText } from '../load';
import { fmt } from '../report';
import { dbUrl } from '../setup';
import { type HttpBench, stepTwoBody } from './http';

export async function command({ report, scale, api, bare, cookies, database }: HttpBench) {
  const lagDb = createDb({ connectionString: dbUrl(database) });
  const lagStore = createPostgresEventStore({ connectionString: dbUrl(database), pollIntervalMs: 100 });
  const lagProjection: Projection = {
    name: `bench_lag_${Date.now()}`,
    tables: ['bench_lag'],
    eventTypes: ['ReferralLinkSaved'],
    async apply(trx, event) {
      await trx.raw('insert into bench_lag (event_id, lag_ms) values (?, ?) on conflict do nothing', [
        event.id,
        Date.now() - event.createdAt.getTime(),
      ]);
    },
  };
  const lagHost = new ProjectionHost(
    { db: lagDb, store: lagStore, logger: createLogger({ level: 'silent' }), databaseUrl: dbUrl(database) },
    [lagProjection],
  );
  try {
    await lagDb.raw(
      'create table if not exists bench_lag (event_id uuid primary key, lag_ms double precision not null)',
    );
    await lagDb('projection_checkpoints')
      .insert({ name: lagProjection.name, position: await lagStore.headPosition() })
      .onConflict('name')
      .merge();
    lagHost.start();
    const result = await runLoad({
      url: api.url,
      path: '/api/complete-step',
      method: 'POST',
      cookies,
      makeBody: stepTwoBody('bench'),
      durationSec: scale.seconds,
    });
    const head = await lagStore.headPosition();
    if (head) await lagHost.waitFor(head, { timeoutMs: 60_000 });
    const lags = (await lagDb('bench_lag').select('lag_ms')).map((r) => Number(r.lag_ms));
    report.record({
      figure: 'Command POST /api/complete-step with append + read-your-writes (req/s)',
      measured: `${fmt(result.rps)} (p99 ${latencyText(result.p99)}${result.non2xx ? `, answers: ${statusText(result)}` : ''}; projection lag p50 ${fmt(percentile(lags, 0.5))} ms, p99 ${fmt(percentile(lags, 0.99))} ms)`,
      baseline: `${fmt(bare.rps)} bare Koa`,
      ratio: result.rps / bare.rps,
      goal: '≥ 0.10',
      pass: result.rps / bare.rps >= 0.1 && result.non2xx === 0 && result.errors === 0,
    });
    return result;
  } finally {
    await lagHost.stop();
    await lagDb.raw('drop table if exists bench_lag').catch(() => undefined);
    await lagDb.destroy();
    await lagStore.close();
  }
}
