/** GET /api/me p99 idle vs while 20 logins run at once (hashing off the event loop). */
import { latencyText, runLoad } from '../load';
import { fmt } from '../report';
import { PASSWORD } from '../setup';
import type { HttpBench } from './http';

export async function loginsMe({ report, scale, api, cookie }: HttpBench) {
  const me = () =>
    runLoad({
      url: api.url,
      path: '/api/me',
      headers: { cookie },
      connections: 4,
      durationSec: scale.seconds,
    });
  const idle = await me();
  const logins = runLoad({
    url: api.url,
    path: '/api/login',
    method: 'POST',
    body: JSON.stringify({ email: 'bench13@bench.test', password: PASSWORD }),
    connections: 20,
    durationSec: scale.seconds + 2,
  });
  await new Promise((r) => setTimeout(r, 1_000));
  const busy = await me();
  const loginResult = await logins;
  const ratio = busy.p99 / idle.p99;
  report.record({
    figure: 'GET /api/me p99 during 20 concurrent logins (ms)',
    measured: `${latencyText(busy.p99)} (${fmt(loginResult.rps, 1)} logins/s, bcrypt cost 12)`,
    baseline: `${latencyText(idle.p99)} idle`,
    ratio,
    goal: '≤ 3.00',
    pass: ratio <= 3,
  });
}
