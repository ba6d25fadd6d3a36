/** Growth: the admin user list at large vs small scale; a big sponsor's partner list vs a small one's. */
import { latencyText, runLoad } from '../load';
import { fmt } from '../report';
import { signIn } from '../setup';
import type { HttpBench } from './http';

const CONNECTIONS = 4;

/**
 * What one answer of the list costs: the mean time per request with 4 requests always in flight
 * (connections / throughput, in ms): the mean over every answer, steadier than a percentile.
 */
async function cost(bench: HttpBench, url: string, pathname: string, cookie: string) {
  const r = await runLoad({
    url,
    path: pathname,
    headers: { cookie },
    connections: CONNECTIONS,
    durationSec: bench.scale.seconds,
  });
  if (r.non2xx > 0) throw new Error(`${pathname} answered non-2xx ${r.non2xx} times`);
  return { ms: (CONNECTIONS * 1000) / Math.max(r.rps, 1), p50: r.p50 };
}

const shown = (c: { ms: number; p50: number }) =>
  `${c.ms.toFixed(2)} ms per answer (p50 ${latencyText(c.p50)})`;

const growth = (large: { ms: number }, small: { ms: number }) => large.ms / small.ms;

export async function adminListGrowth(bench: HttpBench) {
  const { api, small, scale } = bench;
  const query =
    '/api/admin/users-paginated?page=3&limit=50&sortBy=lastLoginAt&sortOrder=desc&status=active&search=ana';
  const large = await cost(bench, api.url, query, await signIn(api.url, 'bench0@bench.test'));
  const few = await cost(bench, small.url, query, await signIn(small.url, 'bench0@bench.test'));
  bench.report.record({
    figure: `Admin user list (search, filter, sort, page) at ${fmt(scale.large)} vs ${fmt(scale.small)} users (time per answer, 4 in flight)`,
    measured: shown(large),
    baseline: shown(few),
    ratio: growth(large, few),
    goal: '≤ 3.00',
    pass: growth(large, few) <= 3,
  });
}

export async function partnerListGrowth(bench: HttpBench) {
  const { api, scale } = bench;
  const query = '/api/partners?search=a&status=all&sort=progress&page=2&pageSize=20';
  const big = await cost(bench, api.url, query, await signIn(api.url, 'bench1@bench.test'));
  const few = await cost(
    bench,
    api.url,
    query.replace('page=2', 'page=1'),
    await signIn(api.url, 'bench2@bench.test'),
  );
  bench.report.record({
    figure: `Partner list for a sponsor with ${fmt(scale.bigSponsor)} vs 10 partners (time per answer, 4 in flight)`,
    measured: shown(big),
    baseline: shown(few),
    ratio: growth(big, few),
    goal: '≤ 3.00',
    pass: growth(big, few) <= 3,
  });
}
