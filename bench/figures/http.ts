/** What the HTTP figures share: the API processes, the bare-route baseline and signed-in partners. */
import type { ChildProcess } from 'node:child_process';
import { type LoadResult, latencyText } from '../load';
import { fmt, type Report } from '../report';
import { log } from '../setup';
import type { Scale } from '../scale';

export interface HttpBench {
  report: Report;
  scale: Scale;
  /** the API on the large dataset, and one on the small one */
  api: { url: string };
  small: { url: string };
  database: string;
  /** a load of the bare Koa JSON route (the baseline), run in the same run */
  bare: () => Promise<LoadResult>;
  /** one partner's session, and 24 partners' sessions (requests rotate over them) */
  cookie: string;
  cookies: string[];
  /** processes to stop at the end (a figure may add its own) */
  processes: ChildProcess[];
}

/** A unique referral link per request: each command must change something. */
let k = 0;
export const stepTwoBody = (tag: string) => () =>
  JSON.stringify({ step: 2, data: { feelGreatLink: `ufeelgreat.com/c/${tag}${process.pid}x${k++}` } });

/** One pair of a throughput figure: the bare route's load, then the figure's, back to back. */
export interface Pair {
  bare: LoadResult;
  figure: LoadResult;
}

/** The figure's throughput as a share of the bare route's. */
export const ratioOf = ({ bare, figure }: Pair) => figure.rps / bare.rps;

/**
 * A throughput figure against the bare route, measured in `scale.pairs` alternating pairs (the
 * bare route, then the figure) so that both see the machine as it is at that moment: a machine
 * shared with other work speeds up and slows down by more than the bars' margins between two
 * loads a minute apart. Answers the pair with the median ratio, and every load of the figure
 * (a figure passes only if none had an answer that was not 2xx or a failed request).
 */
export async function pairedWithBare(
  { scale, bare }: HttpBench,
  name: string,
  load: () => Promise<LoadResult>,
): Promise<{ median: Pair; loads: LoadResult[] }> {
  const pairs: Pair[] = [];
  for (let i = 0; i < scale.pairs; i++) {
    const base = await bare();
    const figure = await load();
    const pair = { bare: base, figure };
    pairs.push(pair);
    log(
      `${name}, pair ${i + 1} of ${scale.pairs}: ${fmt(figure.rps)} req/s (p99 ${latencyText(figure.p99)}) vs bare Koa ${fmt(base.rps)} → ${fmt(ratioOf(pair), 2)}`,
    );
  }
  const sorted = [...pairs].sort((a, b) => ratioOf(a) - ratioOf(b));
  return { median: sorted[Math.floor(sorted.length / 2)]!, loads: pairs.map((p) => p.figure) };
}

/** Whether every load answered 2xx only, without failed requests. */
export const allAnswered = (loads: LoadResult[]) => loads.every((l) => l.non2xx === 0 && l.errors === 0);
