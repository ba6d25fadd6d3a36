/** Authenticated read GET /api/onboarding-progress (session + read model) vs the bare Koa route. */
import { latencyText, runLoad, statusText } from '../load';
import { fmt } from '../report';
import type { HttpBench } from './http';

export async function authenticatedRead({ report, scale, api, bare, cookies }: HttpBench) {
  const read = await runLoad({
    url: api.url,
    path: '/api/onboarding-progress',
    cookies,
    durationSec: scale.seconds,
    warmupSec: scale.warmupSeconds,
  });
  report.record({
    figure: 'Authenticated read GET /api/onboarding-progress (req/s)',
    measured: `${fmt(read.rps)} (p99 ${latencyText(read.p99)}${read.non2xx ? `, answers: ${statusText(read)}` : ''})`,
    baseline: `${fmt(bare.rps)} bare Koa`,
    ratio: read.rps / bare.rps,
    goal: '≥ 0.25',
    pass: read.rps / bare.rps >= 0.25 && read.non2xx === 0 && read.errors === 0,
  });
}
