/** The results table of `make bench`: one row per figure, each with its same-run baseline. */
import { log } from './setup';

export interface Row {
  figure: string;
  measured: string;
  baseline: string;
  ratio: number | null;
  goal: string;
  pass: boolean | null;
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export class Report {
  readonly rows: Row[] = [];

  record(row: Row) {
    this.rows.push(row);
    const ratio = row.ratio === null ? '-' : row.ratio.toFixed(2);
    log(`${row.figure}: ${row.measured} vs ${row.baseline} → ${ratio} (${row.goal})`);
  }

  /** Runs one figure; a failure is recorded as a miss with its reason instead of ending the run. */
  async figure(name: string, fn: () => Promise<void>) {
    try {
      await fn();
    } catch (error) {
      this.record({
        figure: name,
        measured: `not measured: ${error instanceof Error ? error.message : String(error)}`,
        baseline: '-',
        ratio: null,
        goal: '-',
        pass: false,
      });
    }
  }

  table(title: string, about: string) {
    return [
      `# ${title}`,
      '',
      about,
      '',
      '| Figure | Measured | Baseline (same run) | Ratio | Goal | Met |',
      '| --- | --- | --- | --- | --- | --- |',
      ...this.rows.map(
        (r) =>
          `| ${r.figure} | ${r.measured} | ${r.baseline} | ${r.ratio === null ? '-' : r.ratio.toFixed(2)} | ${r.goal} | ${r.pass === null ? '-' : r.pass ? 'yes' : 'NO'} |`,
      ),
      '',
    ].join('\n');
  }
}
