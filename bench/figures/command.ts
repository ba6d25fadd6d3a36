/**
 * Command POST /api/complete-step with its append and read-your-writes vs the bare Koa route; the
 * lag of the asynchronous projections the API leads comes from its own metrics.
 */
import { latencyText, runLoad, statusText } from '../load';
import { measureProjectionLag } from '../projectionLag';
import { fmt } from '../report';
import { type HttpBench, allAnswered, pairedWithBare, ratioOf, stepTwoBody } from './http';

export async function command(bench: HttpBench) {
  const { report, scale, api, cookies, database } = bench;
  const lag = await measureProjectionLag([api.url], database);
  const { median, loads } = await pairedWithBare(bench, 'Command', () =>
    runLoad({
      url: api.url,
      path: '/api/complete-step',
      method: 'POST',
      cookies,
      makeBody: stepTwoBody('bench'),
      durationSec: scale.seconds,
      warmupSec: scale.warmupSeconds,
    }),
  );
  const result = median.figure;
  report.record({
    figure: `Command POST /api/complete-step with append + read-your-writes (req/s; median of ${scale.pairs} pairs with the bare route)`,
    measured: `${fmt(result.rps)} (p99 ${latencyText(result.p99)}${allAnswered(loads) ? '' : `, answers: ${statusText(...loads)}`}; projection lag p99: ${await lag.p99s()})`,
    baseline: `${fmt(median.bare.rps)} bare Koa`,
    ratio: ratioOf(median),
    goal: '≥ 0.10',
    pass: ratioOf(median) >= 0.1 && allAnswered(loads),
  });
  return result;
}
