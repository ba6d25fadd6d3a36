import { describe, expect, it } from 'vitest';
import { deletionDecider } from './deletion';
import { syncRunRecorder } from '../../integrations/mailchimp/audienceSync';

// given / when / then, as for every decider
const given = <S, E>(d: { initialState: () => S; evolve: (s: S, e: E) => S }, events: E[]) =>
  events.reduce(d.evolve, d.initialState());

describe('deletion record', () => {
  it('records UserDeleted once', () => {
    const state = given(deletionDecider, []);
    expect(deletionDecider.decide({ type: 'Delete', userId: 'u1' }, state)).toEqual([
      { type: 'UserDeleted', data: { userId: 'u1' } },
    ]);
  });
  it('records nothing when the account is already deleted', () => {
    const state = given(deletionDecider, [{ type: 'UserDeleted', data: { userId: 'u1' } }]);
    expect(deletionDecider.decide({ type: 'Delete', userId: 'u1' }, state)).toEqual([]);
  });
});

describe('sync run record', () => {
  const finished = {
    type: 'SyncRunFinished' as const,
    data: { runId: 'r', status: 'completed' as const, total: 3, updated: 1, errors: 0 },
  };
  it('records the start and the end', () => {
    const state = given(syncRunRecorder, []);
    const requested = { type: 'SyncRunRequested' as const, data: { runId: 'r', trigger: 'manual' as const } };
    expect(syncRunRecorder.decide(requested, state)).toEqual([requested]);
    expect(syncRunRecorder.decide(finished, given(syncRunRecorder, [requested]))).toEqual([finished]);
  });
  it('records the end only once (a resumed run finishing again)', () => {
    expect(syncRunRecorder.decide(finished, given(syncRunRecorder, [finished]))).toEqual([]);
  });
});
