import autocannon from 'autocannon';
import { log } from './setup';

export interface LoadResult {
  rps: number;
  /** latency percentiles of the 2xx answers in milliseconds, to the microsecond (autocannon's own
   * histogram counts whole milliseconds, which makes a ratio of two small latencies jump by a third) */
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
  /** answers per HTTP status, e.g. { 200: 4790, 409: 2 } */
  statuses: Record<string, number>;
  /** the first few answers that were not 2xx (status and body), for the log */
  failures: { status: number; body: string }[];
}

/** How many non-2xx answers a load keeps whole (status and body). */
const KEPT_FAILURES = 5;

/** "200 × 4,790, 409 × 2": the statuses of a load, for a results table. */
export function statusText(...results: LoadResult[]): string {
  const counts = new Map<string, number>();
  for (const r of results)
    for (const [status, n] of Object.entries(r.statuses)) counts.set(status, (counts.get(status) ?? 0) + n);
  return [...counts]
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, n]) => `${status} × ${n.toLocaleString('en-US')}`)
    .join(', ');
}

export interface LoadOptions {
  url: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** a new body per request (commands that must change something each time) */
  makeBody?: () => string;
  /** a different session per request, round robin (many users rather than one) */
  cookies?: string[];
  connections?: number;
  durationSec: number;
  /**
   * seconds of the same load sent first and not counted (autocannon's warm-up): the measured
   * seconds see the server's code already compiled by the JIT, not its first calls
   */
  warmupSec?: number;
  /** a steady request rate over all connections (default: as fast as possible) */
  ratePerSecond?: number;
}

/**
 * Drives one route with autocannon and returns throughput, latency percentiles (ms), the answers
 * per status and the first few non-2xx answers (also written to the bench's log).
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  let next = 0;
  const failures: LoadResult['failures'] = [];
  const latencies: number[] = [];
  const request = {
    method: options.method ?? 'GET',
    path: options.path,
    headers: { 'content-type': 'application/json', ...options.headers },
    ...(options.body ? { body: options.body } : {}),
    onResponse: (status: number, body: string) => {
      if ((status < 200 || status > 299) && failures.length < KEPT_FAILURES)
        failures.push({ status, body: String(body).slice(0, 500) });
    },
  };
  const withCookie = (cookie: string) => ({ ...request, headers: { ...request.headers, cookie } });
  // Sessions rotate with the requests themselves: autocannon builds each one once and each
  // connection cycles through them, so the load generator spends no more per request than it
  // does on the bare route (a setupRequest per request cost it CPU the server shares). Only a
  // new body per request needs one.
  const requests: autocannon.Request[] = options.makeBody
    ? [
        {
          ...request,
          setupRequest: (req: autocannon.Request) => ({
            ...req,
            body: options.makeBody!(),
            ...(options.cookies
              ? { headers: { ...req.headers, cookie: options.cookies[next++ % options.cookies.length] } }
              : {}),
          }),
        },
      ]
    : options.cookies
      ? options.cookies.map(withCookie)
      : [request];
  const load: autocannon.Options = {
    url: options.url,
    connections: options.connections ?? 16,
    duration: options.durationSec,
    ...(options.ratePerSecond ? { overallRate: options.ratePerSecond } : {}),
    requests,
    ...(options.warmupSec ? { warmup: { duration: options.warmupSec } } : {}),
  };
  // (the promise form: autocannon runs a warm-up only without a callback)
  const instance = autocannon(load) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  // Each answer's time as autocannon measured it (process.hrtime), counted like its histogram:
  // 2xx only, and none of the warm-up's (those go to a tracker of their own).
  instance.on('response', (_client, status, _bytes, responseTime) => {
    if (status >= 200 && status <= 299) latencies.push(responseTime);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  for (const f of failures) log(`${options.method ?? 'GET'} ${options.path} answered ${f.status}: ${f.body}`);
  return {
    rps: result.requests.average,
    p50: sortedPercentile(latencies, 0.5),
    p99: sortedPercentile(latencies, 0.99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
    statuses: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => [status, count ?? 0]),
    ),
    failures,
  };
}

/** The nearest-rank percentile of values already sorted in ascending order (0 when there are none). */
function sortedPercentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1))];
}

/** A latency for the results table: "2.31 ms". */
export const latencyText = (ms: number) => `${ms.toFixed(2)} ms`;
