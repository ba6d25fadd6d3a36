/** What the HTTP figures share: the API processes, the bare-route baseline and signed-in partners. */
import type { ChildProcess } from 'node:child_process';
import type { Report } from '../report';
import type { Scale } from '../scale';

export interface HttpBench {
  report: Report;
  scale: Scale;
  /** the API on the large dataset, and one on the small one */
  api: { url: string };
  small: { url: string };
  database: string;
  /** the bare Koa JSON route, measured in the same run */
  bare: { rps: number; p99: number };
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
