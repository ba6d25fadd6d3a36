import type { Decider } from '../../domain/decider';

/**
 * The deletion record of an account (stream `Deletion-<userId>`): the only event kept about a
 * deleted user, with no personal data. Deleting twice records nothing the second time.
 */
export type DeletionEvent = { type: 'UserDeleted'; data: { userId: string } };
export type DeletionCommand = { type: 'Delete'; userId: string };
export interface DeletionState {
  deleted: boolean;
}

export const deletionStream = (userId: string) => `Deletion-${userId}`;

export const deletionDecider: Decider<DeletionState, DeletionCommand, DeletionEvent> = {
  initialState: () => ({ deleted: false }),
  evolve: (_state, event) => (event.type === 'UserDeleted' ? { deleted: true } : _state),
  decide: (command, state) =>
    state.deleted ? [] : [{ type: 'UserDeleted', data: { userId: command.userId } }],
};
