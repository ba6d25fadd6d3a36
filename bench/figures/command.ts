/**
 * Command POST /api/complete-step with its append and read-your-writes vs the bare Koa route; the
 * lag of the asynchronous projections the API leads comes from its own metrics.
 */
import { latencyText, runLoad, statusText } from '../load';
import { measureProjectionLag } from '../projectionLag';
import { fmt } from '../report';
import { type HttpBench, stepTwoBody } from './http';

export async function command({ report, scale, api, bare, cookies, database }: HttpBench) {
  const lag = await measureProjectionLag([api.url], database);
  const result = await runLoad({
    url: api.url,
    path: '/api/complete-step',
    method: 'POST',
    cookies,
    makeBody: stepTwoBody('bench'),
    durationSec: scale.seconds,
    warmupSec: scale.warmupSeconds,
  });
  report.record({
    figure: 'Command POST /api/complete-step with append + read-your-writes (req/s)',
    measured: `${fmt(result.rps)} (p99 ${latencyText(result.p99)}${result.non2xx ? `, answers: ${statusText(result)}` : ''}; projection lag p99: ${await lag.p99s()})`,
    baseline: `${fmt(bare.rps)} bare Koa`,
    ratio: result.rps / bare.rps,
    goal: '≥ 0.10',
    pass: result.rps / bare.rps >= 0.1 && result.non2xx === 0 && result.errors === 0,
  });
  return result;
}
