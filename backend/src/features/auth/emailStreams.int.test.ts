import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../testing/app';
import { createUser } from '../../../../testing/users';
import { readStreamOrEmpty } from '../../eventStore/port';
import { createAccount } from './accounts';
import {
  addressesOnRecord,
  emailStreamOf,
  legacyEmailStreamOf,
  rekeyEmailStreams,
  releaseEmail,
} from './emailStreams';

/**
 * Issue 13 point 10: e-mail reservation streams are named by an HMAC keyed with STREAM_KEY, not
 * a bare SHA-256 anyone can compute from a guessed address; a database from before keeps
 * working during the transition and `rekeyEmailStreams` moves its streams.
 */
const STREAM_KEY = 'a-test-stream-key-4f9c2d7e8b1a6035c9e4';
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ STREAM_KEY });
});
afterAll(() => app?.close());

const meta = () => ({ actorId: null, correlationId: randomUUID() });
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const holderEvents = async (stream: string) =>
  (await readStreamOrEmpty(app.deps.store, stream)).map(
    (e) => `${e.type}:${(e.data as { userId: string }).userId}`,
  );
const register = (email: string) =>
  createAccount(
    app.deps,
    {
      firstName: 'Eva',
      lastName: 'Stream',
      email,
      passwordHash: 'x',
      sponsorId: null,
      newsletter: false,
      source: 'seed',
    },
    meta(),
  );
/** What a database from before STREAM_KEY holds: the reservation under the bare SHA-256 name. */
const legacyReservation = (email: string, userId: string) =>
  app.deps.store.appendToStream(legacyEmailStreamOf(email), [
    { id: randomUUID(), type: 'EmailReserved', data: { userId }, metadata: meta() },
  ]);

describe('e-mail reservation stream names', () => {
  it('are an HMAC of the address with STREAM_KEY, not its SHA-256', async () => {
    const user = await createUser(app, { email: 'Keyed.Name@Example.test' });
    const keyed = emailStreamOf({ STREAM_KEY }, 'keyed.name@example.test');
    expect(keyed).not.toContain(sha256('keyed.name@example.test'));
    expect(keyed).toBe(emailStreamOf({ STREAM_KEY }, '  KEYED.name@example.TEST '));
    expect(keyed).not.toBe(emailStreamOf({ STREAM_KEY: `${STREAM_KEY}-other` }, 'keyed.name@example.test'));
    expect(await holderEvents(keyed)).toEqual([`EmailReserved:${user.id}`]);
    expect(await readStreamOrEmpty(app.deps.store, `Email-${sha256('keyed.name@example.test')}`)).toEqual([]);
    // the same address in another case is taken
    await expect(register('KEYED.NAME@example.test')).rejects.toMatchObject({ code: 'email_taken' });
  });

  it('during the transition an address held under its legacy name stays taken, and a release frees it there', async () => {
    const holder = randomUUID();
    await legacyReservation('old.holder@example.test', holder);
    await expect(register('Old.Holder@example.test')).rejects.toMatchObject({ code: 'email_taken' });

    await releaseEmail(app.deps, 'old.holder@example.test', holder, meta());
    expect(await holderEvents(legacyEmailStreamOf('old.holder@example.test'))).toEqual([
      `EmailReserved:${holder}`,
      `EmailReleased:${holder}`,
    ]);
    const created = await register('old.holder@example.test');
    expect(await holderEvents(emailStreamOf({ STREAM_KEY }, 'old.holder@example.test'))).toEqual([
      `EmailReserved:${created.userId}`,
    ]);
  });

  it('the re-key moves legacy histories to the keyed names, deletes the legacy streams, and a second run finds nothing', async () => {
    const held = randomUUID();
    await legacyReservation('moved@example.test', held);
    const freed = randomUUID();
    await legacyReservation('freed@example.test', freed);
    await app.deps.store.appendToStream(legacyEmailStreamOf('freed@example.test'), [
      { id: randomUUID(), type: 'EmailReleased', data: { userId: freed }, metadata: meta() },
    ]);
    const current = await createUser(app, { email: 'current@example.test' });

    const addresses = [...(await addressesOnRecord(app.deps)), 'moved@example.test', 'freed@example.test'];
    expect(addresses).toContain('current@example.test');
    expect(addresses).toContain(app.deps.config.ADMIN_EMAIL);
    const report = await rekeyEmailStreams(app.deps, addresses);
    // moved, freed, and old.holder from the test before (its keyed stream already existed)
    expect(report).toEqual({ found: 3, moved: 2, alreadyKeyed: 1 });

    expect(await holderEvents(emailStreamOf({ STREAM_KEY }, 'moved@example.test'))).toEqual([
      `EmailReserved:${held}`,
    ]);
    expect(await holderEvents(emailStreamOf({ STREAM_KEY }, 'freed@example.test'))).toEqual([
      `EmailReserved:${freed}`,
      `EmailReleased:${freed}`,
    ]);
    for (const email of ['moved@example.test', 'freed@example.test', 'old.holder@example.test'])
      expect(await readStreamOrEmpty(app.deps.store, legacyEmailStreamOf(email))).toEqual([]);
    expect(await holderEvents(emailStreamOf({ STREAM_KEY }, 'current@example.test'))).toEqual([
      `EmailReserved:${current.id}`,
    ]);

    // after the move: the held address is still taken, the freed one can be registered
    await expect(register('moved@example.test')).rejects.toMatchObject({ code: 'email_taken' });
    expect((await register('freed@example.test')).userId).toBeTruthy();
    expect(await rekeyEmailStreams(app.deps, addresses)).toEqual({ found: 0, moved: 0, alreadyKeyed: 0 });
  });
});
