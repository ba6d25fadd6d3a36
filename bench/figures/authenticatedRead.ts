/** Authenticated read GET /api/onboarding-progress (session + read model) vs the bare Koa route. */
import { latencyText, runLoad, statusText } from '../load';
import { fmt } from '../report';
import { type HttpBench, allAnswered, pairedWithBare, ratioOf } from './http';

export async function authenticatedRead(bench: HttpBench) {
  const { report, scale, api, cookies } = bench;
  const { median, loads } = await pairedWithBare(bench, 'Authenticated read', () =>
    runLoad({
      url: api.url,
      path: '/api/onboarding-progress',
      cookies,
      durationSec: scale.seconds,
      warmupSec: scale.warmupSeconds,
    }),
  );
  const read = median.figure;
  report.record({
    figure: `Authenticated read GET /api/onboarding-progress (req/s; median of ${scale.pairs} pairs with the bare route)`,
    measured: `${fmt(read.rps)} (p99 ${latencyText(read.p99)}${allAnswered(loads) ? '' : `, answers: ${statusText(...loads)}`})`,
    baseline: `${fmt(median.bare.rps)} bare Koa`,
    ratio: ratioOf(median),
    goal: '≥ 0.25',
    pass: ratioOf(median) >= 0.25 && allAnswered(loads),
  });
}
