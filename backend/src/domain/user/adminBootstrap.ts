import type { EventOf } from '@portal/contracts';
import type * as E from '@portal/contracts/auth/events';
import type { Decider } from '../decider';

/**
 * The record that the bootstrap admin was made (issue 13): one stream for the whole database, so
 * the account configured by ADMIN_EMAIL / ADMIN_PASSWORD is created at most once, and never
 * again with the documented password after it was renamed, transferred or deleted.
 */
export type AdminBootstrapEvent = EventOf<typeof E.AdminBootstrapped>;
export type AdminBootstrapCommand = {
  type: 'RecordAdminBootstrap';
  userId: string | null;
  outcome: AdminBootstrapEvent['data']['outcome'];
};
export interface AdminBootstrapState {
  done: boolean;
}

export const adminBootstrapStream = 'AdminBootstrap-once';

export const adminBootstrapDecider: Decider<AdminBootstrapState, AdminBootstrapCommand, AdminBootstrapEvent> =
  {
    initialState: () => ({ done: false }),
    evolve: (state, event) => (event.type === 'AdminBootstrapped' ? { done: true } : state),
    decide: (command, state) =>
      state.done
        ? []
        : [{ type: 'AdminBootstrapped', data: { userId: command.userId, outcome: command.outcome } }],
  };
