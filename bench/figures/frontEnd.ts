/** Front-end sizes (exact, absolute): the partner app's first load of / and the admin bundle. */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Report, fmt } from '../report';
import { log } from '../setup';

/** The bench measures what it built: without a build of a bundle, build it first. */
function ensureBuilt(workspace: string, marker: string) {
  if (existsSync(marker)) return;
  log(`${marker} missing: building ${workspace}`);
  // a production build whatever this process runs under (vitest sets NODE_ENV=test, which made
  // the smoke test's build a development bundle: 288 KB instead of 216 KB)
  execFileSync('npm', ['run', 'build', '-w', workspace], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

export async function partnerFirstLoad(report: Report) {
  ensureBuilt('@portal/partner', 'frontend/partner/dist/.vite/manifest.json');
  const size = JSON.parse(
    execFileSync(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), 'frontend/partner/scripts/firstLoadSize.ts', '--json'],
      { encoding: 'utf8' },
    ),
  ) as { firstLoadGzipKb: number; withLandingRouteGzipKb: number | null };
  const firstLoad = size.withLandingRouteGzipKb ?? size.firstLoadGzipKb;
  report.record({
    figure: 'Partner app first load of / (gzip KB of JS)',
    measured: `${fmt(firstLoad, 1)} KB`,
    baseline: '250 KB budget',
    ratio: firstLoad / 250,
    goal: '≤ 1.00',
    pass: firstLoad <= 250,
  });
}

export async function adminBundle(report: Report) {
  const dist = 'frontend/admin/dist';
  const assets = path.join(dist, 'assets');
  ensureBuilt('@portal/admin', assets);
  const gzipKb = (files: string[]) =>
    files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(assets, f)), { level: 9 }).length, 0) /
    1000;
  const all = readdirSync(assets).filter((f) => f.endsWith('.js'));
  // the first screen's scripts: what index.html names (the boot script, the preloaded entry and chunks)
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const firstScreen = [...new Set([...html.matchAll(/\/admin\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!))];
  report.record({
    figure: 'Admin console JavaScript, first screen / all (gzip KB; separate bundle, admins only)',
    measured: `${fmt(gzipKb(firstScreen), 1)} / ${fmt(gzipKb(all), 1)} KB`,
    baseline: 'about 330 / 555 KB expected',
    ratio: null,
    goal: 'not loaded by partners',
    pass: null,
  });
}
