/**
 * How big and how long a bench run is: the full run (`make bench`), BENCH_QUICK=1 (small data,
 * three-second loads: for comparing ratios while working on a hot path) or `--smoke` (the test
 * that proves the bench runs end to end). BENCH_ONLY=read,command,... runs only those figures.
 */
export interface Scale {
  name: 'full' | 'quick' | 'smoke';
  large: number;
  small: number;
  bigSponsor: number;
  /** seconds of each load step */
  seconds: number;
  /** alternating pairs (bare route, then the figure) a throughput figure is measured in */
  pairs: number;
  /** seconds of unmeasured load before each throughput figure and its baseline (JIT warm-up) */
  warmupSeconds: number;
  /** Lighthouse runs of each page (the table shows the median run) */
  lighthouseRuns: number;
  /** appends per round of the event-store figures */
  appends: number;
}

export function benchScale(argv = process.argv, env = process.env): Scale {
  if (argv.includes('--smoke'))
    return {
      name: 'smoke',
      large: 1_000,
      small: 200,
      bigSponsor: 150,
      seconds: 1,
      pairs: 1,
      warmupSeconds: 0,
      appends: 300,
      lighthouseRuns: 1,
    };
  if (env.BENCH_QUICK === '1')
    return {
      name: 'quick',
      large: 2_000,
      small: 500,
      bigSponsor: 300,
      seconds: 3,
      pairs: 3,
      warmupSeconds: 2,
      appends: 1_500,
      lighthouseRuns: 1,
    };
  return {
    name: 'full',
    large: 100_000,
    small: 1_000,
    bigSponsor: 5_000,
    seconds: 8,
    pairs: 3,
    warmupSeconds: 2,
    appends: 4_000,
    lighthouseRuns: 3,
  };
}

/** Whether a figure runs (BENCH_ONLY unset: every figure). */
export function runs(key: string, env = process.env): boolean {
  const only = env.BENCH_ONLY?.split(',').map((s) => s.trim());
  return !only || only.length === 0 || only.includes(key);
}
