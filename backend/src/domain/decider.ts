/** An event as deciders see it: a type and its data. */
export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

/**
 * The decider pattern: `decide` is pure (command + state → events, or throws a DomainError),
 * `evolve` folds events into state. No framework, database or client code.
 */
export interface Decider<State, Command, Event extends DomainEvent> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
}

export const fold = <S, E extends DomainEvent>(
  decider: Pick<Decider<S, never, E>, 'initialState' | 'evolve'>,
  events: E[],
) => events.reduce(decider.evolve, decider.initialState());
