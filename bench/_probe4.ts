import { signIn, startApi } from './setup';
const api = await startApi('portal_bench_large');
const c = await signIn(api.url, 'bench22@bench.test');
const counts = new Map<string, number>();
let k = 0;
await Promise.all(Array.from({ length: 6 }, async () => {
  for (let i = 0; i < 15; i++) {
    const r = await fetch(api.url + '/api/complete-step', { method: 'POST', headers: { cookie: c, 'content-type': 'application/json' }, body: JSON.stringify({ step: 2, data: { feelGreatLink: `ufeelgreat.com/c/q${process.pid}x${k++}` } }) });
    const t = await r.text();
    const key = `${r.status} ${r.status === 200 ? '' : t.slice(0, 200)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
}));
console.log(counts);
api.proc.kill('SIGTERM');
process.exit(0);
