import { expect } from 'vitest';
import { type Decider, type DomainEvent, fold } from '../backend/src/domain/decider';
import { DomainError, type DomainErrorKind } from '../backend/src/domain/errors';

/**
 * Given / when / then for every decider test (after emmett's DeciderSpecification):
 *
 *   const { given } = deciderSpec(onboardingDecider);
 *   given(done(1)).when({ type: 'ConfirmLists' }).thenThrows('lists_too_short');
 *   given(lists(5, 5)).when({ type: 'ConfirmLists' }).then([done(3)]);
 *
 * `given` folds the events with the decider's own `evolve`; `state` is that folded state, for
 * the few tests that look at it. `thenThrows` fails unless `decide` throws a DomainError with
 * the given code (and message or kind, when named); `then` fails unless it returns exactly the
 * given events, `thenNothing` unless it returns none.
 */
export function deciderSpec<S, C, E extends DomainEvent>(decider: Decider<S, C, E>) {
  const given = (...events: E[]) => {
    const state = fold(decider, events);
    return {
      state,
      /** the state after these events and then `more` */
      and: (...more: E[]) => given(...events, ...more),
      when(command: C) {
        const decide = () => decider.decide(command, state);
        return {
          /** the decided events, for assertions the helpers below do not cover */
          events: decide,
          then(expected: E[]) {
            const events = decide();
            expect(events).toEqual(expected);
            return events;
          },
          thenTypes(expected: E['type'][]) {
            const events = decide();
            expect(events.map((e) => e.type)).toEqual(expected);
            return events;
          },
          thenNothing() {
            expect(decide()).toEqual([]);
          },
          thenThrows(code: string, expected: { message?: string; kind?: DomainErrorKind } = {}): DomainError {
            let thrown: unknown;
            try {
              decide();
            } catch (error) {
              thrown = error;
            }
            expect(thrown, `expected decide to throw ${code}`).toBeInstanceOf(DomainError);
            const error = thrown as DomainError;
            expect(error.code).toBe(code);
            if (expected.message !== undefined) expect(error.message).toBe(expected.message);
            if (expected.kind !== undefined) expect(error.kind).toBe(expected.kind);
            return error;
          },
        };
      },
    };
  };
  return { given };
}
