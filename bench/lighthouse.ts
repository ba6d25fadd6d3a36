/**
 * Lighthouse (mobile, its default configuration: a mid-range phone on a slow 4G link, simulated)
 * on the pages QUALITY.md names, served by an API with the production bundles (SERVE_BUNDLES=1),
 * in Debian's Chromium. One Chromium per page, so a page that fails costs only its own row (after
 * one more try).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, waitFor } from '../testing/servers';
import { env, log, signIn, spawnProcess } from './setup';

export const LIGHTHOUSE_PAGES = ['/', '/foundation', '/academy', '/admin/'] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const GOAL = 90;

export interface LighthouseRow {
  page: string;
  /** 0-100 per category, or null when Lighthouse gave no score */
  scores: Record<(typeof CATEGORIES)[number], number | null> | null;
  /** why the page was not measured */
  error?: string;
  /** the audits that cost points, for the log */
  findings: string[];
}

interface LighthouseOptions {
  baseUrl: string;
  /** pages measured while signed in (the console is sent to admins only) with this cookie */
  cookies?: Record<string, string>;
  chromePath?: string;
  pages?: readonly string[];
}

async function runLighthouse(options: LighthouseOptions): Promise<LighthouseRow[]> {
  const rows: LighthouseRow[] = [];
  for (const page of options.pages ?? LIGHTHOUSE_PAGES) {
    let row = await measurePage(page, options);
    // Lighthouse itself asks for a second run after a broken trace (NO_NAVSTART and the like)
    if (!row.scores) row = await measurePage(page, options);
    rows.push(row);
  }
  return rows;
}

async function measurePage(page: string, options: LighthouseOptions): Promise<LighthouseRow> {
  const flags = ['--headless=new', '--disable-gpu', '--disable-dev-shm-usage'];
  if (process.getuid?.() === 0) flags.push('--no-sandbox'); // Chromium refuses to sandbox as root
  let chrome: Awaited<ReturnType<typeof launch>> | undefined;
  try {
    chrome = await launch({
      chromePath: options.chromePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: flags,
      logLevel: 'silent',
    });
    const cookie = options.cookies?.[page];
    const result = await lighthouse(new URL(page, options.baseUrl).toString(), {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
      // a loaded shared machine: give the page time rather than fail it
      maxWaitForLoad: 90_000,
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    // LIGHTHOUSE_REPORTS=<dir>: keep each run's full report (what every audit charged) for reading
    const reports = process.env.LIGHTHOUSE_REPORTS;
    if (reports) {
      mkdirSync(reports, { recursive: true });
      const name = page.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'landing';
      const stamp = Date.now();
      writeFileSync(`${reports}/${name}-${stamp}.json`, JSON.stringify(lhr));
      // the trace Lighthouse recorded (its main-thread tasks, for Chromium's Performance panel)
      writeFileSync(`${reports}/${name}-${stamp}.trace.json`, JSON.stringify(result.artifacts.Trace));
    }
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => {
        const score = lhr.categories[c]?.score;
        return [c, typeof score === 'number' ? Math.round(score * 100) : null];
      }),
    ) as LighthouseRow['scores'];
    const findings = Object.values(lhr.audits)
      .filter(
        (a) =>
          typeof a.score === 'number' &&
          a.score < 0.9 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'manual',
      )
      .map((a) => {
        // the resources an audit names (which answer is not compressed, which script is unused)
        const items = (a.details as { items?: { url?: unknown }[] } | undefined)?.items ?? [];
        const urls = items
          .map((i) => i.url)
          .filter((u): u is string => typeof u === 'string')
          .slice(0, 3)
          .map((u) => u.replace(options.baseUrl, ''));
        return `${a.id} (${a.displayValue ?? Math.round((a.score ?? 0) * 100)}${urls.length ? `: ${urls.join(' ')}` : ''})`;
      });
    return { page, scores, findings };
  } catch (error) {
    return {
      page,
      scores: null,
      error: error instanceof Error ? error.message : String(error),
      findings: [],
    };
  } finally {
    await chrome?.kill();
  }
}

/** Each page `runs` times, in rounds (every page once, then again), so each sees several moments. */
export const inRounds = (pages: readonly string[], runs: number) =>
  Array.from({ length: runs }, () => pages).flat();

/** Per page (in the order measured), the run whose performance score is the median. */
function medianRuns(rows: LighthouseRow[]): LighthouseRow[] {
  const pages = [...new Set(rows.map((r) => r.page))];
  return pages.map((page) => {
    const measured = rows.filter((r) => r.page === page && r.scores?.performance != null);
    const sorted = measured.sort((a, b) => a.scores!.performance! - b.scores!.performance!);
    return sorted[Math.floor((sorted.length - 1) / 2)] ?? rows.find((r) => r.page === page)!;
  });
}

/**
 * The Markdown table `make bench` prints and writes to bench/results/latest.md: with several runs
 * of each page (one run on a shared machine is noise), the median run of each and every run's
 * performance score.
 */
export function lighthouseTable(rows: LighthouseRow[]): string[] {
  const cell = (n: number | null) => (n === null ? '-' : n >= GOAL ? String(n) : `${n} (below ${GOAL})`);
  const medians = medianRuns(rows);
  const runs = rows.length / Math.max(1, medians.length);
  const perRun = medians.map(
    ({ page }) =>
      `- ${page}: ${rows
        .filter((r) => r.page === page)
        .map((r) => r.scores?.performance ?? '-')
        .join(' ')}`,
  );
  return [
    `## Lighthouse (mobile preset, production bundles; goal ${GOAL} or more in every category)`,
    '',
    ...(runs > 1
      ? [
          `Performance of each of the ${runs} runs (in rounds; the table shows the median run):`,
          '',
          ...perRun,
          '',
        ]
      : []),
    '| Page | Performance | Accessibility | Best practices | SEO |',
    '| --- | --- | --- | --- | --- |',
    ...medians.map((r) =>
      r.scores
        ? `| ${r.page} | ${cell(r.scores.performance)} | ${cell(r.scores.accessibility)} | ${cell(r.scores['best-practices'])} | ${cell(r.scores.seo)} |`
        : `| ${r.page} | not measured: ${r.error?.replace(/\|/g, '/').replace(/\s+/g, ' ')} | - | - | - |`,
    ),
    '',
  ];
}

/**
 * Starts an API on `database` (a bench dataset: bench0@bench.test is an admin) the way production
 * runs it (NODE_ENV=production with secrets of its own, SERVE_BUNDLES=1, plain HTTP as in
 * docker-compose.yml), signs in a partner and the admin, and measures every page (`/` signed
 * out, as a visitor sees it).
 */
export async function measureLighthouse(
  database: string,
  pages: readonly string[] = LIGHTHOUSE_PAGES,
): Promise<LighthouseRow[]> {
  const port = await freePort();
  const secret = () => randomBytes(24).toString('hex');
  const api = spawnProcess(
    'backend/src/main.ts',
    env(database, {
      NODE_ENV: 'production',
      SESSION_KEYS: secret(),
      METRICS_TOKEN: secret(),
      STREAM_KEY: secret(),
      REGISTRATION_PASSCODE: secret(),
      // the dataset has its admins; a fresh clone's .env holds the example password production refuses
      ADMIN_PASSWORD: secret(),
      COOKIE_SECURE: 'false',
      SERVE_BUNDLES: '1',
    }),
    port,
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitFor(
      async () => (await fetch(`${baseUrl}/api/health`)).status === 200,
      120_000,
      'Lighthouse API',
    );
    // /foundation and /academy as a partner who finished the foundation (bench5: five steps,
    // the tour not seen yet, so the academy offers it), the console as the admin
    const partner = await signIn(baseUrl, 'bench5@bench.test');
    const admin = await signIn(baseUrl, 'bench0@bench.test');
    const rows = await runLighthouse({
      baseUrl,
      pages,
      cookies: { '/foundation': partner, '/academy': partner, '/admin/': admin },
    });
    for (const row of rows)
      log(
        `Lighthouse ${row.page}: ${row.scores ? JSON.stringify(row.scores) : row.error}${row.findings.length ? `; below 90: ${row.findings.join(', ')}` : ''}`,
      );
    return rows;
  } catch (error) {
    // no API or no sign-in: every page says why, and the rest of the bench goes on
    const reason = error instanceof Error ? error.message : String(error);
    return pages.map((page) => ({ page, scores: null, error: reason, findings: [] }));
  } finally {
    api.kill('SIGTERM');
  }
}
