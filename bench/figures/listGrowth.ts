/** Growth: the admin user list at large vs small scale; a big sponsor's partner list vs a small one's. */
import { runLoad } from '../load';
import { fmt } from '../report';
import { signIn } from '../setup';
import type { HttpBench } from './http';

async function cost(bench: HttpBench, url: string, pathname: string, cookie: string) {
  const r = await runLoad({
    url,
    path: pathname,
    headers: { cookie },
    connections: 4,
    durationSec: bench.scale.seconds,
  });
  if (r.non2xx > 0) throw new Error(`${pathname} answered non-2xx ${r.non2xx} times`);
  return r;
}

const growth = (large: number, small: number) => Math.max(large, 1) / Math.max(small, 1);

export async function adminListGrowth(bench: HttpBench) {
  const { api, small, scale } = bench;
  const query =
    '/api/admin/users-paginated?page=3&limit=50&sortBy=lastLoginAt&sortOrder=desc&status=active&search=ana';
  const large = await cost(bench, api.url, query, await signIn(api.url, 'bench0@bench.test'));
  const few = await cost(bench, small.url, query, await signIn(small.url, 'bench0@bench.test'));
  bench.report.record({
    figure: `Admin user list (search, filter, sort, page) at ${fmt(scale.large)} vs ${fmt(scale.small)} users (p50 latency)`,
    measured: `${fmt(large.p50)} ms p50`,
    baseline: `${fmt(few.p50)} ms p50`,
    ratio: growth(large.p50, few.p50),
    goal: '≤ 3.00',
    pass: growth(large.p50, few.p50) <= 3,
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
    figure: `Partner list for a sponsor with ${fmt(scale.bigSponsor)} vs 10 partners`,
    measured: `${fmt(big.p50)} ms p50`,
    baseline: `${fmt(few.p50)} ms p50`,
    ratio: growth(big.p50, few.p50),
    goal: '≤ 3.00',
    pass: growth(big.p50, few.p50) <= 3,
  });
}
