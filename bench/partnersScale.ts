/**
 * Measures the partners directory at growing team sizes (run: npx tsx bench/partnersScale.ts).
 * Sponsors are real accounts (events); their teams are written straight into the read models
 * (users, onboarding_progress, partner_directory) in bulk, inside 100,000 other users. Prints p50/p95 per call
 * and the ratio to a sponsor with 10 partners, measured in the same run.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseConfig } from '../backend/src/config';
import { buildRuntime } from '../backend/src/app/bootstrap';
import { createApp } from '../backend/src/http/createApp';
import { createDb } from '../backend/src/infra/db';
import { migrateLatest } from '../backend/src/infra/migrate';
import { createClient } from '../testing/app';
import { TEST_ADMIN_URL, databaseUrl, testEnv } from '../testing/env';
import { seedPartner } from '../backend/src/features/partners/seed';

const PASSWORD = 'Bench-Pass-2026';
const RUNS = Number(process.env.RUNS ?? 150);
const out = (line: string) => process.stdout.write(`${line}\n`);

/** The real API on a database of its own, migrated here, named so that test runs never drop it mid-run. */
async function startBenchApp() {
  const name = `partners_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: TEST_ADMIN_URL });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  await admin(`create database "${name}"`);
  const migrationDb = createDb({ connectionString: databaseUrl(name) });
  await migrateLatest(migrationDb);
  await migrationDb.destroy();
  const runtime = buildRuntime(parseConfig(testEnv(name)));
  for (const feature of runtime.features) await feature.onStart?.();
  runtime.deps.projections.start();
  const server = http.createServer(createApp(runtime.deps, runtime.features).callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    deps: runtime.deps,
    client: () => createClient(url),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await runtime.close();
      await admin(`drop database if exists "${name}" with (force)`);
    },
  };
}

async function main() {
  const app = await startBenchApp();
  const close = () => app.close();
  const { db } = app.deps;
  const hash = await app.deps.passwords.hash(PASSWORD);
  const sponsors: Record<string, string> = {};
  let last = '';
  for (const key of ['s10', 's1000', 's5000', 't5000']) {
    const r = await seedPartner(app.deps, {
      sponsorId: null,
      firstName: 'Bench',
      lastName: key,
      email: `${key}@bench.test`,
      passwordHash: hash,
    });
    sponsors[key] = r.id;
    last = r.position;
  }
  await app.deps.projections.waitFor(last);

  const insertTeam = async (sponsorSql: string, count: number, tag: string) => {
    await db.raw(
      `insert into users (id, uid, first_name, last_name, email, email_lower, password_hash, sponsor_id, last_login_at, created_at, updated_at)
       select gen_random_uuid(), ? || '-' || g, 'First' || g, 'Last' || (g % 997), ? || g || '@bench.test', ? || g || '@bench.test', 'x',
              ${sponsorSql}, case when g % 4 = 0 then null else now() - (g % 90) * interval '1 day' end,
              now() - (g % 400) * interval '1 day', now()
         from generate_series(1, ?) g`,
      [tag, tag, tag, count],
    );
  };
  // 100,000 unrelated users, each in a small team of someone else
  await insertTeam('null', 2_000, 'other-root');
  await db.raw(`insert into users (id, uid, first_name, last_name, email, email_lower, password_hash, sponsor_id, last_login_at, created_at, updated_at)
    select gen_random_uuid(), 'other-' || g, 'Other' || g, 'Person' || (g % 991), 'other' || g || '@bench.test', 'other' || g || '@bench.test', 'x',
           (select array_agg(id) from users where uid like 'other-root-%')[1 + (g % 2000)], now() - (g % 60) * interval '1 day', now() - (g % 500) * interval '1 day', now()
      from generate_series(1, 98000) g`);
  await insertTeam(`'${sponsors.s10}'::uuid`, 10, 's10');
  await insertTeam(`'${sponsors.s1000}'::uuid`, 1_000, 's1000');
  await insertTeam(`'${sponsors.s5000}'::uuid`, 5_000, 's5000');
  // t5000: a 5,000-person downline over three levels (50 direct, 950 level 2, 4,000 level 3)
  await insertTeam(`'${sponsors.t5000}'::uuid`, 50, 't1');
  await db.raw(`insert into users (id, uid, first_name, last_name, email, email_lower, password_hash, sponsor_id, last_login_at, created_at, updated_at)
    select gen_random_uuid(), 't2-' || g, 'Lev2' || g, 'Team', 't2' || g || '@bench.test', 't2' || g || '@bench.test', 'x',
           (select array_agg(id) from users where uid like 't1-%')[1 + g % 50], now(), now(), now() from generate_series(1, 950) g`);
  await db.raw(`insert into users (id, uid, first_name, last_name, email, email_lower, password_hash, sponsor_id, last_login_at, created_at, updated_at)
    select gen_random_uuid(), 't3-' || g, 'Lev3' || g, 'Team', 't3' || g || '@bench.test', 't3' || g || '@bench.test', 'x',
           (select array_agg(id) from users where uid like 't2-%')[1 + g % 950], case when g % 3 = 0 then null else now() end, now(), now() from generate_series(1, 4000) g`);
  await db.raw(`insert into onboarding_progress (user_id, step1_completed, completed_steps, current_step, training_completed)
    select id, (h % 6) > 0, h % 6, least(5, h % 6 + 1), h % 6 = 5
      from (select id, abs(hashtext(id::text)) as h from users where password_hash = 'x') s
     where h % 7 <> 0`);
  // the same partners in the directory read model the list reads (as its projection would write them)
  await db.raw(`insert into partner_directory (user_id, sponsor_id, uid, first_name, last_name, email, last_login_at, created_at, completed_steps, current_step, training_completed)
    select u.id, u.sponsor_id, u.uid, u.first_name, u.last_name, u.email, u.last_login_at, u.created_at,
           coalesce(p.completed_steps, 0), coalesce(p.current_step, 1), coalesce(p.training_completed, false)
      from users u left join onboarding_progress p on p.user_id = u.id
     where u.password_hash = 'x'`);
  for (let level = 0; level < 4; level++) {
    await db.raw(`update partner_directory d set ancestors = s.ancestors || s.user_id
                    from partner_directory s where s.user_id = d.sponsor_id`);
  }
  await db.raw('analyze users; analyze onboarding_progress');
  await db.raw('vacuum analyze partner_directory'); // as autovacuum would after the bulk load

  if (process.env.EXPLAIN) {
    const { listQueries, statsQuery } = await import('../backend/src/features/partners/queries');
    for (const [key, scope, sort, status] of process.env.EXPLAIN.split(';').map((x) => x.split(','))) {
      const q =
        sort === 'stats'
          ? statsQuery(db, sponsors[key!]!, scope as 'all')
          : listQueries(db, {
              callerId: sponsors[key!]!,
              scope: scope as 'all',
              sort: sort as 'name',
              status: status as 'all',
              page: 1,
              pageSize: 20,
            }).pageQuery;
      const { rows } = (await db.raw(`explain (analyze) ${q.toString()}`)) as {
        rows: Record<string, string>[];
      };
      out(`== ${key} ${scope} ${sort} ${status}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
    await close();
    return;
  }

  if (process.env.DB_TIMES) {
    // Server-side execution + planning time of the SQL of each call (EXPLAIN ANALYZE, JIT off as
    // in the API), so the load on a shared machine blurs the figures less than HTTP timings.
    const { listQueries, statsQuery } = await import('../backend/src/features/partners/queries');
    type Variant = {
      name: string;
      scope: 'direct' | 'all';
      sort: 'lastLogin' | 'name' | 'progress' | 'createdAt';
      status: 'all' | 'in-progress';
      search?: string;
      page?: number;
      stats?: boolean;
    };
    const variants: Variant[] = [
      { name: 'list default (last login)', scope: 'direct', sort: 'lastLogin', status: 'all' },
      { name: 'list sort=name', scope: 'direct', sort: 'name', status: 'all' },
      { name: 'list sort=progress', scope: 'direct', sort: 'progress', status: 'all' },
      { name: 'list status=in-progress', scope: 'direct', sort: 'lastLogin', status: 'in-progress' },
      { name: 'list search', scope: 'direct', sort: 'lastLogin', status: 'all', search: 'last12' },
      { name: 'list page 40 (createdAt)', scope: 'direct', sort: 'createdAt', status: 'all', page: 40 },
      { name: 'stats', scope: 'direct', sort: 'lastLogin', status: 'all', stats: true },
      { name: 'list scope=all', scope: 'all', sort: 'lastLogin', status: 'all' },
      { name: 'stats scope=all', scope: 'all', sort: 'lastLogin', status: 'all', stats: true },
    ];
    const runs = Number(process.env.DB_RUNS ?? 40);
    const serverMs = async (sql: string) => {
      const ms = await db.transaction(async (trx) => {
        await trx.raw('set local jit = off');
        const { rows } = (await trx.raw(`explain (analyze, timing off, summary on, format json) ${sql}`)) as {
          rows: { 'QUERY PLAN': [{ 'Execution Time': number; 'Planning Time': number }] }[];
        };
        const plan = rows[0]!['QUERY PLAN'][0];
        return plan['Execution Time'] + plan['Planning Time'];
      });
      return ms;
    };
    out('call | team | median ms | min ms | median ratio to 10 partners (page + count queries summed)');
    for (const v of variants) {
      let base = 0;
      for (const key of v.scope === 'all' ? ['s10', 's1000', 's5000', 't5000'] : ['s10', 's1000', 's5000']) {
        const callerId = sponsors[key]!;
        const sqls = v.stats
          ? [statsQuery(db, callerId, v.scope).toString()]
          : (() => {
              const q = listQueries(db, {
                callerId,
                scope: v.scope,
                sort: v.sort,
                status: v.status,
                search: v.search,
                page: v.page ?? 1,
                pageSize: 20,
              });
              return [q.pageQuery.toString(), q.countQuery.toString()];
            })();
        const times: number[] = [];
        for (let i = 0; i < runs + 5; i++) {
          let total = 0;
          for (const sql of sqls) total += await serverMs(sql);
          if (i >= 5) times.push(total);
        }
        times.sort((a, b) => a - b);
        const median = times[Math.floor(times.length / 2)]!;
        if (key === 's10') base = median;
        out(
          `${v.name} | ${key} | ${median.toFixed(2)} | ${times[0]!.toFixed(2)} | ${(median / base).toFixed(2)}`,
        );
      }
    }
    await close();
    return;
  }

  const clients: Record<string, ReturnType<typeof app.client>> = {};
  for (const key of Object.keys(sponsors)) {
    clients[key] = app.client();
    const res = await clients[key].post('/api/login', { email: `${key}@bench.test`, password: PASSWORD });
    if (res.status !== 200) throw new Error(`login ${key}: ${res.status} ${res.text}`);
  }

  const calls: [string, string][] = [
    ['list (default: last login)', '/api/partners'],
    ['list sort=name', '/api/partners?sort=name&order=asc'],
    ['list sort=progress', '/api/partners?sort=progress'],
    ['list status=in-progress', '/api/partners?status=in-progress'],
    ['list search=last12', '/api/partners?search=last12'],
    ['list page 40', '/api/partners?page=40&sort=createdAt'],
    ['stats', '/api/partners/stats'],
    ['list scope=all', '/api/partners?scope=all'],
    ['stats scope=all', '/api/partners/stats?scope=all'],
  ];
  const time = async (key: string, path: string) => {
    const client = clients[key]!;
    for (let i = 0; i < 20; i++) await client.get(path);
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const res = await client.get(path);
      ms.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    }
    ms.sort((a, b) => a - b);
    return { p50: ms[Math.floor(RUNS * 0.5)]!, p95: ms[Math.floor(RUNS * 0.95)]! };
  };
  out(`users in table: ${(await db('users').count({ n: '*' }))[0]!.n}; runs per call: ${RUNS}`);
  out('call | team | p50 ms | p95 ms | p50 ratio to 10 partners');
  const only = process.env.ONLY;
  for (const [name, path] of calls) {
    if (only && !name.includes(only)) continue;
    const base = await time('s10', path);
    out(`${name} | 10 | ${base.p50.toFixed(2)} | ${base.p95.toFixed(2)} | 1.00`);
    const teams = path.includes('scope=all') ? ['s1000', 's5000', 't5000'] : ['s1000', 's5000'];
    for (const key of teams) {
      const r = await time(key, path);
      out(`${name} | ${key} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${(r.p50 / base.p50).toFixed(2)}`);
    }
  }
  if (process.env.KEEP) {
    out(`kept database: ${'(dropped at exit)'}`);
    out(JSON.stringify(sponsors));
    return;
  }
  await close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
