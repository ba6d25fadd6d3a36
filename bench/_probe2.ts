import { spawn } from 'node:child_process';
import { env, signIn } from './setup';
import { runLoad } from './load';
import { freePort, waitFor } from '../testing/servers';
const port = await freePort();
const proc = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir=/tmp/h7-prof', '--import', import.meta.resolve('tsx'), 'backend/src/main.ts'], {
  env: { PATH: process.env.PATH, ...env('portal_bench_large'), PORT: String(port), HOST: '127.0.0.1' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const url = `http://127.0.0.1:${port}`;
await waitFor(async () => (await fetch(`${url}/api/health`)).status === 200, 120_000, 'api');
const cookies: string[] = [];
for (let i = 0; i < 8; i++) cookies.push(await signIn(url, `bench${20 + i}@bench.test`));
let k = 0;
const post = process.argv[2] === 'command';
const r = await runLoad({ url, path: post ? '/api/complete-step' : '/api/onboarding-progress', cookies, connections: 16, durationSec: 6,
  ...(post ? { method: 'POST' as const, makeBody: () => JSON.stringify({ step: 2, data: { feelGreatLink: `ufeelgreat.com/c/p${process.pid}x${k++}` } }) } : {}) });
console.log(JSON.stringify(r));
proc.kill('SIGINT');
await new Promise((r) => proc.on('exit', r));
process.exit(0);
