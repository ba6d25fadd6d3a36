import { createHash, createHmac } from 'node:crypto';
import type { Config } from '../../config';
import { type CommandMetadata, type CommandResult, handleCommand } from '../../app/commandHandler';
import {
  EMAIL_TAKEN,
  type ReservationEvent,
  type ReservationState,
  emailStream,
  reservationDecider,
} from '../../domain/user/reservation';
import { conflict } from '../../domain/errors';
import { type EventStore, type RecordedEvent, StreamDeleted, readStreamOrEmpty } from '../../eventStore/port';
import type { Db } from '../../infra/db';

/**
 * The reservation stream of an e-mail address is `Email-<HMAC-SHA-256(STREAM_KEY, address)>`
 * (trimmed, lower-cased). A bare SHA-256 of an address can be reversed by hashing guessed
 * addresses, so stream names (visible to anyone who reads the event store, its backups or
 * the admin's event views) would reveal who has an account; the keyed hash does not without
 * the key (docs/decisions/sign-in.md).
 *
 * Databases from before the key hold `Email-<sha256>` streams. Until `npm run
 * streams:rekey-emails` has moved them (`rekeyEmailStreams` below), every reservation also
 * consults the legacy stream: an address held there is taken, and a release frees it there too.
 */
type KeyConfig = Pick<Config, 'STREAM_KEY'>;
type StoreDeps = { store: EventStore; config: KeyConfig };

const normalized = (email: string) => email.trim().toLowerCase();

export const emailStreamOf = (config: KeyConfig, email: string) =>
  emailStream(createHmac('sha256', config.STREAM_KEY).update(normalized(email)).digest('hex'));

/** The name a database from before STREAM_KEY used (read during the transition and by the re-key). */
export const legacyEmailStreamOf = (email: string) =>
  emailStream(createHash('sha256').update(normalized(email)).digest('hex'));

async function readOrEmpty(store: EventStore, streamId: string): Promise<RecordedEvent[]> {
  try {
    return await readStreamOrEmpty(store, streamId);
  } catch (error) {
    if (error instanceof StreamDeleted) return [];
    throw error;
  }
}

const holderOf = (events: RecordedEvent[]): ReservationState['holder'] =>
  events.reduce(
    (s, e) => reservationDecider.evolve(s, e as unknown as ReservationEvent),
    reservationDecider.initialState(),
  ).holder;

/** Reserves an address for a user; refused (409 email_taken) when another account holds it. */
export async function reserveEmail(
  deps: StoreDeps,
  email: string,
  userId: string,
  metadata: CommandMetadata,
): Promise<CommandResult<ReservationState, ReservationEvent>> {
  const legacyHolder = holderOf(await readOrEmpty(deps.store, legacyEmailStreamOf(email)));
  if (legacyHolder && legacyHolder !== userId)
    throw conflict(EMAIL_TAKEN, 'An account with this email already exists.');
  return handleCommand(
    deps.store,
    emailStreamOf(deps.config, email),
    reservationDecider,
    { type: 'ReserveEmail', userId },
    { ...metadata, idempotencyKey: undefined },
  );
}

/** Frees an address a user held (no-op when they did not), under both names during the transition. */
export async function releaseEmail(
  deps: StoreDeps,
  email: string,
  userId: string,
  metadata: CommandMetadata,
) {
  const meta = { ...metadata, idempotencyKey: undefined };
  const release = { type: 'ReleaseEmail', userId } as const;
  await handleCommand(deps.store, emailStreamOf(deps.config, email), reservationDecider, release, meta);
  const legacy = legacyEmailStreamOf(email);
  if (holderOf(await readOrEmpty(deps.store, legacy)) === userId)
    await handleCommand(deps.store, legacy, reservationDecider, release, meta);
}

/** Whether any account ever held the address (its reservation stream has history), under either name. */
export async function addressEverHeld(deps: StoreDeps, email: string): Promise<boolean> {
  for (const stream of [emailStreamOf(deps.config, email), legacyEmailStreamOf(email)])
    if ((await readOrEmpty(deps.store, stream)).length) return true;
  return false;
}

export interface RekeyReport {
  /** addresses whose legacy stream was found */
  found: number;
  /** legacy histories copied to the keyed name */
  moved: number;
  /** legacy streams whose address was already reserved under the keyed name (the keyed one is kept) */
  alreadyKeyed: number;
}

/**
 * Moves each legacy `Email-<sha256>` stream of the given addresses to its keyed name: the
 * history is appended to the keyed stream when that does not exist yet (so the holder, and the
 * fact that the address was ever held, carry over), then the legacy stream is deleted. Safe to
 * run while the portal runs (reservations consult the legacy name until it is gone) and again
 * (a moved stream is not found a second time). The addresses come from the caller: a hash
 * cannot be reversed, so the users read model and ADMIN_EMAIL name them.
 */
export async function rekeyEmailStreams(deps: StoreDeps, emails: Iterable<string>): Promise<RekeyReport> {
  const report: RekeyReport = { found: 0, moved: 0, alreadyKeyed: 0 };
  const seen = new Set<string>();
  for (const email of emails) {
    const address = normalized(email);
    if (seen.has(address)) continue;
    seen.add(address);
    const legacy = legacyEmailStreamOf(address);
    const events = await readOrEmpty(deps.store, legacy);
    if (!events.length) continue;
    report.found++;
    const keyed = emailStreamOf(deps.config, address);
    if ((await readOrEmpty(deps.store, keyed)).length) report.alreadyKeyed++;
    else {
      await deps.store.appendToStream(
        keyed,
        events.map((e) => ({
          id: e.id,
          type: e.type,
          data: e.data,
          metadata: { ...(e.metadata as Record<string, unknown>), rekeyedFrom: 'sha256' },
        })),
        { expectedRevision: 'no_stream' },
      );
      report.moved++;
    }
    await deps.store.deleteStream(legacy, { expectedRevision: events[events.length - 1].revision });
  }
  return report;
}

/**
 * Every address this database can name: the accounts' current ones (users read model), every
 * address the user streams ever recorded (registrations and e-mail changes), and ADMIN_EMAIL.
 * Legacy streams of addresses named nowhere any more (accounts erased long ago) are free
 * reservations (no holder) and stay as they are.
 */
export async function addressesOnRecord(deps: {
  db: Db;
  store: EventStore;
  config: Pick<Config, 'ADMIN_EMAIL'>;
}): Promise<Set<string>> {
  const addresses = new Set<string>([normalized(deps.config.ADMIN_EMAIL)]);
  for (const row of await deps.db('users').select<{ email: string }[]>('email'))
    addresses.add(normalized(row.email));
  let after: string | null = null;
  for (;;) {
    const page = await deps.store.readAll({ after, maxCount: 5000 });
    if (!page.length) break;
    for (const e of page) {
      const email = (e.data as { email?: unknown } | null)?.email;
      if (e.streamId.startsWith('User-') && typeof email === 'string') addresses.add(normalized(email));
    }
    after = page[page.length - 1].position;
  }
  return addresses;
}
