import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../../testing/app';
import { onboardingDecider, onboardingStream } from '../domain/onboarding/decider';
import { WrongExpectedRevision, readStreamOrEmpty } from '../eventStore/port';
import { errorMiddleware } from '../http/errors';
import { foldedProgress, foldedProgressRow } from '../features/onboarding/projection';
import { handleCommand } from './commandHandler';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('handleCommand', () => {
  it('runs concurrent commands on one stream one at a time: every one succeeds, none is lost', async () => {
    const stream = onboardingStream(randomUUID());
    const links = Array.from({ length: 12 }, (_, i) => `ufeelgreat.com/c/queue${i}`);
    const results = await Promise.all(
      links.map((link) =>
        handleCommand(
          app.deps.store,
          stream,
          onboardingDecider,
          { type: 'SaveReferralLink', link },
          { actorId: null, correlationId: 'test' },
          // a single attempt: any conflict between them would fail the command
          { maxAttempts: 1 },
        ),
      ),
    );
    // each command saved its own link
    expect(results.map((r) => r.events.filter((e) => e.type === 'ReferralLinkSaved').length)).toEqual(
      links.map(() => 1),
    );
    const recorded = await readStreamOrEmpty(app.deps.store, stream);
    expect(recorded).toHaveLength(results.flatMap((r) => r.events).length);
    expect(recorded.map((e) => e.revision)).toEqual(recorded.map((_, i) => BigInt(i)));
    // in the order they were sent, each once (the decider keeps the link in its own form)
    const saved = recorded
      .filter((e) => e.type === 'ReferralLinkSaved')
      .map((e) => /queue(\d+)$/.exec((e.data as { feelGreatLink: string }).feelGreatLink)?.[1]);
    expect(saved).toEqual(links.map((_, i) => String(i)));
  });

  it('a command that lost a race retries holding the stream lock: another process cannot make it lose again', async () => {
    const userId = randomUUID();
    const stream = onboardingStream(userId);
    // What another process's command appends: right after each of our reads, before our append.
    const [theirs] = onboardingDecider.decide(
      { type: 'SaveReferralLink', link: 'ufeelgreat.com/c/theirs' },
      onboardingDecider.initialState(),
    );
    const competing: Promise<unknown>[] = [];
    const compete = async () => {
      let settled = false;
      const append = app.deps.store
        .appendToStream(stream, [{ id: randomUUID(), type: theirs.type, data: theirs.data, metadata: {} }])
        .finally(() => (settled = true));
      competing.push(append);
      // until their append is recorded, or waits for a lock (ours: it then lands after our append)
      for (;;) {
        if (settled) return;
        const { rows } = await app.deps.db.raw<{ rows: { waiting: number }[] }>(
          "select count(*)::int as waiting from pg_locks where locktype = 'advisory' and not granted",
        );
        if (rows[0].waiting > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    let reads = 0;
    const result = await handleCommand(
      app.deps.store,
      stream,
      onboardingDecider,
      { type: 'SaveReferralLink', link: 'ufeelgreat.com/c/ours' },
      { actorId: null, correlationId: 'test' },
      {
        foldedState: async () => {
          reads++;
          const folded = await foldedProgress(app.deps.hotReads, userId);
          await compete();
          return folded;
        },
        foldedRow: (state, revision) => foldedProgressRow(userId, state, revision),
      },
    );
    await Promise.all(competing);
    // the first attempt lost, the second held the lock: theirs waited for it
    expect(reads).toBe(2);
    const recorded = await readStreamOrEmpty(app.deps.store, stream);
    const links = recorded
      .filter((e) => e.type === 'ReferralLinkSaved')
      .map((e) => (e.data as { feelGreatLink: string }).feelGreatLink);
    expect(links).toEqual([
      'https://ufeelgreat.com/c/theirs',
      'https://ufeelgreat.com/c/ours',
      'https://ufeelgreat.com/c/theirs',
    ]);
    const ours = recorded.filter((e) =>
      (e.data as { feelGreatLink?: string }).feelGreatLink?.endsWith('ours'),
    );
    expect(result.revision).toBe(ours[0].revision + BigInt(result.events.length - 1));
    // the progress row shows every event, theirs after ours included
    expect((await foldedProgress(app.deps.hotReads, userId)).revision).toBe(recorded.at(-1)!.revision);
  });

  it('a command that keeps losing to other processes answers 409 concurrent_change, not 500', async () => {
    const koa = new Koa();
    koa.use(errorMiddleware);
    koa.use(() => {
      throw new WrongExpectedRevision('Onboarding-x', 3n, 4n);
    });
    const server = http.createServer(koa.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(res.status).toBe(409);
      expect(((await res.json()) as { error: string }).error).toBe('concurrent_change');
    } finally {
      server.close();
    }
  });
});
