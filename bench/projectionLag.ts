/**
 * Projection lag percentiles from the API processes' own Prometheus histograms
 * (`projection_apply_delay_seconds`: from an event's append to an asynchronous projection
 * applying it), summed over every process, for the window between two scrapes, and read the way
 * Prometheus' histogram_quantile does.
 */
type Buckets = Map<string, Map<number, number>>;

export async function scrapeApplyDelay(urls: string[], token: string): Promise<Buckets> {
  const buckets: Buckets = new Map();
  for (const url of urls) {
    const text = await (
      await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } })
    ).text();
    for (const match of text.matchAll(
      /^projection_apply_delay_seconds_bucket\{([^}]*)\} (\d+(?:\.\d+)?)$/gm,
    )) {
      const labels = Object.fromEntries([...match[1].matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
      const le = labels.le === '+Inf' ? Infinity : Number(labels.le);
      const byLe = buckets.get(labels.projection) ?? new Map<number, number>();
      byLe.set(le, (byLe.get(le) ?? 0) + Number(match[2]));
      buckets.set(labels.projection, byLe);
    }
  }
  return buckets;
}

/** p99 in milliseconds of each projection's apply delay between two scrapes. */
export function p99Between(before: Buckets, after: Buckets): Map<string, number> {
  const result = new Map<string, number>();
  for (const [projection, byLe] of after) {
    const sorted = [...byLe]
      .map(([le, count]) => [le, count - (before.get(projection)?.get(le) ?? 0)] as const)
      .sort((a, b) => a[0] - b[0]);
    const total = sorted[sorted.length - 1]?.[1] ?? 0;
    if (total === 0) continue;
    const rank = 0.99 * total;
    let lower = 0;
    let below = 0;
    for (const [le, count] of sorted) {
      if (count >= rank) {
        // linear interpolation inside the bucket (the last finite bound when it is +Inf)
        const upper = Number.isFinite(le) ? le : lower;
        result.set(
          projection,
          (lower + (upper - lower) * ((rank - below) / Math.max(1, count - below))) * 1000,
        );
        break;
      }
      lower = le;
      below = count;
    }
  }
  return result;
}
