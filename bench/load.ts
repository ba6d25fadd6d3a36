import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
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
  /** a steady request rate over all connections (default: as fast as possible) */
  ratePerSecond?: number;
}

/** Drives one route with autocannon and returns throughput and latency percentiles (ms). */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  let next = 0;
  const result = await autocannon({
    url: options.url,
    connections: options.connections ?? 16,
    duration: options.durationSec,
    ...(options.ratePerSecond ? { overallRate: options.ratePerSecond } : {}),
    requests: [
      {
        method: options.method ?? 'GET',
        path: options.path,
        headers: { 'content-type': 'application/json', ...options.headers },
        ...(options.body ? { body: options.body } : {}),
        ...(options.makeBody || options.cookies
          ? {
              setupRequest: (req: autocannon.Request) => ({
                ...req,
                ...(options.makeBody ? { body: options.makeBody() } : {}),
                ...(options.cookies
                  ? { headers: { ...req.headers, cookie: options.cookies[next++ % options.cookies.length] } }
                  : {}),
              }),
            }
          : {}),
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)];
}
