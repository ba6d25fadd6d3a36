import { z } from 'zod';

/** Metadata every event carries: the audit trail. */
export const eventMetadata = z.object({
  actorId: z.string().nullable(),
  correlationId: z.string(),
  causationId: z.string().nullable(),
  schemaVersion: z.number().int().positive().default(1),
});
export type EventMetadata = z.infer<typeof eventMetadata>;

export interface EventDef<T extends string = string, S extends z.ZodType = z.ZodType> {
  type: T;
  schema: S;
  /** one line for the audit log; must not contain personal data */
  summary: (data: z.output<S>) => string;
  /** fields of the data that hold personal data, erased when a user is deleted */
  personal?: readonly string[];
}

export const defineEvent = <T extends string, S extends z.ZodType>(def: EventDef<T, S>) => def;

export type EventOf<D> = D extends EventDef<infer T, infer S> ? { type: T; data: z.output<S> } : never;
