import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../../testing/app';
import { onboardingDecider, onboardingStream } from '../domain/onboarding/decider';
import { WrongExpectedRevision, readStreamOrEmpty } from '../eventStore/port';
import { errorMiddleware } from '../http/errors';
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
