import type { z } from 'zod';

/** "1 customer", "2 customers": a count in a server's English audit summary (the console words its own) */
export const counted = (n: number, one: string, other = `${one}s`) => `${n} ${n === 1 ? one : other}`;

export interface EventDef<T extends string = string, S extends z.ZodType = z.ZodType> {
  type: T;
  schema: S;
  /** one line for the audit log; must not contain personal data */
  summary: (data: z.output<S>) => string;
  /** fields of the data that hold personal data, erased when a user is deleted */
  personal?: readonly string[];
  /**
   * The version of `schema` (1 when absent). Events recorded under an older version are read
   * through `upcasters`: `upcasters[v]` turns data of version v into data of version v + 1.
   */
  version?: number;
  upcasters?: Readonly<Record<number, (data: unknown) => unknown>>;
}

/**
 * Event fields that hold secrets (hashes, the encrypted second-factor secret): never copied into
 * the audit log, so never shown in an account's history.
 */
export const SECRET_EVENT_FIELDS: ReadonlySet<string> = new Set([
  'passwordHash',
  'password',
  'newPassword',
  'passcode',
  'tokenHash',
  // second factor (issue 13): the encrypted TOTP secret and recovery-code hashes
  'secret',
  'recoveryCodeHashes',
  'codeHash',
]);

/** The current schema version of an event type. */
export const versionOf = (def: Pick<EventDef, 'version'>) => def.version ?? 1;

/** Data recorded under version `from`, brought to the current version of its type. */
export function upcast(def: EventDef, data: unknown, from: number): unknown {
  let current = data;
  for (let v = from; v < versionOf(def); v++) {
    const step = def.upcasters?.[v];
    if (!step) throw new Error(`${def.type}: no upcaster from version ${v} to ${v + 1}`);
    current = step(current);
  }
  return current;
}

export const defineEvent = <T extends string, S extends z.ZodType>(def: EventDef<T, S>) => def;

export type EventOf<D> = D extends EventDef<infer T, infer S> ? { type: T; data: z.output<S> } : never;
