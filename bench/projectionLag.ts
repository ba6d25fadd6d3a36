/**
 * Projection lag percentiles from the API processes' own Prometheus histograms
 * (`projection_apply_delay_seconds`: from an event's append to an asynchronous projection
 * applying it), summed over every process, for the window between two scrapes, and read the way
 * Prometheus' histogram_quantile does.
 */
import pg from 'pg';
import { formatPosition } from '../backend/src/eventStore/postgres';
import { fmt } from './report';
import { dbUrl, env } from './setup';

type Buckets = Map<string, Map<number, number>>;

/**
 * Starts measuring the lag of the asynchronous projections the given API processes lead. `p99s`
 * waits until every projection that applied events since the start has applied every event
 * appended so far (its stored checkpoint at the store's head; up to a minute), then answers
 * "audit_log 12 ms, partner_directory 15 ms": each one's p99 over that window.
 */
export async function measureProjectionLag(urls: string[], database: string) {
  const token = env(database).METRICS_TOKEN;
  const before = await scrapeApplyDelay(urls, token);
  return {
    async p99s(): Promise<string> {
      const moved = [...(await scrapeApplyDelay(urls, token))]
        .filter(([name, byLe]) => total(byLe) > total(before.get(name)))
        .map(([name]) => name);
      await checkpointsAtHead(database, moved);
      const lags = p99Between(before, await scrapeApplyDelay(urls, token));
      return [...lags].map(([name, ms]) => `${name} ${fmt(ms)} ms`).join(', ') || 'no samples';
    },
  };
}

const total = (byLe: Map<number, number> | undefined) => byLe?.get(Infinity) ?? 0;

async function checkpointsAtHead(database: string, names: string[]) {
  const client = new pg.Client({ connectionString: dbUrl(database) });
  await client.connect();
  try {
    const { rows } = await client.query<{ tx_id: string; global_seq: string }>(
      'select tx_id, global_seq from es_events order by tx_id desc, global_seq desc limit 1',
    );
    if (!rows[0]) return;
    const head = formatPosition(rows[0].tx_id, rows[0].global_seq);
    for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
      const { rows: behind } = await client.query(
        'select 1 from projection_checkpoints where name = any($1) and (position is null or position < $2)',
        [names, head],
      );
      if (behind.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`projections ${names.join(', ')} did not reach the head within a minute`);
  } finally {
    await client.end();
  }
}

async function scrapeApplyDelay(urls: string[], token: string): Promise<Buckets> {
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
function p99Between(before: Buckets, after: Buckets): Map<string, number> {
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
