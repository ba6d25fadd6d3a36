import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * `make start`'s install step on a machine with an older Node: npm's pages of warnings go to a
 * log, the terminal keeps a line or two. npm itself cannot run here (no registry, minutes), so
 * a stand-in on PATH prints what npm prints on Node 18: one EBADENGINE warning per package.
 */
const WARNINGS = 150;
const FAKE_NPM = `#!/usr/bin/env bash
case "$1" in
  ci)
    for i in $(seq 1 ${WARNINGS}); do
      echo "npm warn EBADENGINE Unsupported engine { package: 'pkg$i', required: { node: '>=20' }, current: { node: 'v18.19.0' } }" >&2
    done
    echo 'npm warn Unknown user config "nodedir". This will stop working in the next major version of npm.' >&2
    if [[ -n "\${FAIL_INSTALL:-}" ]]; then echo "npm error code ETARGET" >&2; exit 1; fi
    mkdir -p node_modules && touch node_modules/.package-lock.json ;;
  exec) echo v24.21.0 ;;
esac
`;

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function runEnsureDeps(env: Record<string, string> = {}) {
  const root = mkdtempSync(path.join(tmpdir(), 'ensure-deps-'));
  dirs.push(root);
  mkdirSync(path.join(root, 'ops'));
  mkdirSync(path.join(root, 'bin'));
  copyFileSync('ops/ensure-deps.sh', path.join(root, 'ops/ensure-deps.sh'));
  writeFileSync(path.join(root, 'package-lock.json'), '{}');
  writeFileSync(path.join(root, 'bin/npm'), FAKE_NPM);
  writeFileSync(path.join(root, 'bin/node'), '#!/usr/bin/env bash\necho v18.19.0\n');
  chmodSync(path.join(root, 'bin/npm'), 0o755);
  chmodSync(path.join(root, 'bin/node'), 0o755);
  const result = spawnSync('bash', [path.join(root, 'ops/ensure-deps.sh')], {
    encoding: 'utf8',
    env: { PATH: `${path.join(root, 'bin')}:/usr/bin:/bin`, ...env },
  });
  const log = readFileSync(path.join(root, '.cache/npm-install.log'), 'utf8');
  return { ...result, log };
}

describe('ops/ensure-deps.sh on an older Node', () => {
  it('keeps npm’s warnings in a log and prints two lines', () => {
    const { status, stdout, stderr, log } = runEnsureDeps();
    expect(status).toBe(0);
    const printed = (stdout + stderr).trim().split('\n');
    expect(printed).toEqual([
      'deps: npm ci with v18.19.0; the scripts then run on the pinned Node 24 (output: .cache/npm-install.log)',
      'deps: node v24.21.0',
    ]);
    expect(log.match(/EBADENGINE/g)).toHaveLength(WARNINGS);
    expect(log).toContain('nodedir');
  });

  it('shows the end of the log when npm fails, and fails', () => {
    const { status, stderr } = runEnsureDeps({ FAIL_INSTALL: '1' });
    expect(status).toBe(1);
    expect(stderr).toContain('npm error code ETARGET');
    expect(stderr).toContain('npm ci failed; the whole output is in .cache/npm-install.log');
    expect(stderr.split('\n').length).toBeLessThan(45);
  });
});
