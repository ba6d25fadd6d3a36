import { describe, it } from 'vitest';
import { deciderSpec } from '../../../../testing/deciderSpec';
import { deletionDecider } from './deletion';
import { syncRunRecorder } from '../../integrations/mailchimp/audienceSync';

describe('deletion record', () => {
  const { given } = deciderSpec(deletionDecider);
  it('records UserDeleted once', () => {
    given()
      .when({ type: 'Delete', userId: 'u1' })
      .then([{ type: 'UserDeleted', data: { userId: 'u1' } }]);
  });
  it('records nothing when the account is already deleted', () => {
    given({ type: 'UserDeleted', data: { userId: 'u1' } })
      .when({ type: 'Delete', userId: 'u1' })
      .thenNothing();
  });
});

describe('sync run record', () => {
  const { given } = deciderSpec(syncRunRecorder);
  const requested = { type: 'SyncRunRequested' as const, data: { runId: 'r', trigger: 'manual' as const } };
  const finished = {
    type: 'SyncRunFinished' as const,
    data: { runId: 'r', status: 'completed' as const, total: 3, updated: 1, errors: 0 },
  };
  it('records the start and the end', () => {
    given().when(requested).then([requested]);
    given(requested).when(finished).then([finished]);
  });
  it('records the end only once (a resumed run finishing again)', () => {
    given(finished).when(finished).thenNothing();
  });
});
