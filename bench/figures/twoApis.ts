/**
 * The command load split over two API processes (one database, one Redis, sessions shared):
 * read-your-writes holds whichever API answers; both share the machine's cores.
 */
import { latencyText, runLoad, statusText } from '../load';
import { measureProjectionLag } from '../projectionLag';
import { fmt } from '../report';
import { startApi } from '../setup';
import { type HttpBench, stepTwoBody } from './http';

export async function twoApis(
  { report, scale, api, cookies, database, processes }: HttpBench,
  one: { rps: number; p99: number },
) {
  const second = await startApi(database);
  processes.push(second.proc);
  const half = (url: string) =>
    runLoad({
      url,
      path: '/api/complete-step',
      method: 'POST',
      cookies,
      connections: 8,
      makeBody: stepTwoBody('two'),
      durationSec: scale.seconds,
      warmupSec: scale.warmupSeconds,
    });
  const lag = await measureProjectionLag([api.url, second.url], database);
  const [a, b] = await Promise.all([half(api.url), half(second.url)]);
  const lagText = await lag.p99s();
  const rps = a.rps + b.rps;
  report.record({
    figure: 'Command POST /api/complete-step through two API processes vs one (req/s)',
    measured: `${fmt(rps)} (p99 ${latencyText(Math.max(a.p99, b.p99))}, ${a.non2xx + b.non2xx} non-2xx${a.non2xx + b.non2xx ? ` (answers: ${statusText(a, b)})` : ''}; projection lag p99: ${lagText})`,
    baseline: `${fmt(one.rps)} one API (p99 ${latencyText(one.p99)})`,
    ratio: rps / one.rps,
    goal: 'every answer 2xx (2 cores shared by both)',
    pass: a.non2xx + b.non2xx === 0 && a.errors + b.errors === 0,
  });
}
