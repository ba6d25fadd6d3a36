import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const main = path.resolve('backend/src/main.ts');

describe('bad configuration', () => {
  it('stops the process before it starts, naming each bad variable', () => {
    // An empty working directory: no .env to fill the gaps.
    const cwd = mkdtempSync(path.join(tmpdir(), 'portal-config-'));
    const result = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), main], {
      cwd,
      env: {
        PATH: process.env.PATH,
        PORT: 'not-a-port',
        DATABASE_URL: 'mysql://nope',
        SESSION_KEYS: 'short',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(78);
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'SESSION_KEYS',
      'REGISTRATION_PASSCODE',
      'ADMIN_EMAIL',
      'METRICS_TOKEN',
    ]) {
      expect(result.stderr).toContain(`${name}:`);
    }
    expect(result.stderr).toContain('SESSION_KEYS: each key needs at least 32 characters');
    expect(result.stderr).not.toMatch(/\bat .+\.ts:\d+/); // a message, not a stack trace
  });
});
