/** The same append against a peer's event store (emmett-postgresql), rounds interleaved. */
import { type Report, fmt } from '../report';
import type { Scale } from '../scale';
import { comparePeerAppend } from '../peerAppend';
import { dbUrl } from '../setup';

export async function appendVsEmmett(report: Report, scale: Scale, database: string) {
  const { ours, peer } = await comparePeerAppend({
    connectionString: dbUrl(database),
    concurrency: 16,
    appendsPerRound: Math.max(200, Math.round(scale.appends / 5)),
    rounds: 5,
  });
  report.record({
    figure: 'Event store append vs emmett-postgresql (16 writers, 5 interleaved rounds, events/s)',
    measured: fmt(ours),
    baseline: `${fmt(peer)} emmett-postgresql`,
    ratio: ours / peer,
    goal: '≥ 1.50',
    pass: ours / peer >= 1.5,
  });
}
