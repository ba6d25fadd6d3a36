import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../../integrations/mailchimp/concurrency';
import { NoAnswerError } from './figures';
import { ServiceCalls, failureKind } from './failure';

/** The error Node gives for a connection to a port nothing listens on (port 1 of the loopback). */
const refused = () =>
  new Promise<Error>((resolve) => {
    const socket = connect(1, '127.0.0.1');
    socket.on('error', resolve);
  });

describe('health check failures', () => {
  it('tells a connection that could not be made from no answer in time, a refusal and an error', async () => {
    expect(failureKind(await refused())).toBe('unreachable');
    // Node's dual-stack connect: an AggregateError whose errors carry the codes
    expect(failureKind(new AggregateError([await refused()], ''))).toBe('unreachable');
    // the real clients' own errors (some only words, no code): failure.int.test.ts
    expect(failureKind(new ProviderError('socket hang up', 0))).toBe('unreachable');
    expect(failureKind(new NoAnswerError('no answer in 3000 ms'))).toBe('timeout');
    expect(
      failureKind(
        Object.assign(new Error('Knex: Timeout acquiring a connection'), { name: 'KnexTimeoutError' }),
      ),
    ).toBe('timeout');
    expect(failureKind(new ProviderError('401 API Key Invalid', 401))).toBe('rejected');
    expect(failureKind(Object.assign(new Error('password authentication failed'), { code: '28P01' }))).toBe(
      'rejected',
    );
    expect(failureKind(Object.assign(new Error('relation "x" does not exist'), { code: '42P01' }))).toBe(
      'error',
    );
    expect(failureKind(new ProviderError('500 Internal Server Error', 500))).toBe('error');
    expect(failureKind('a string')).toBe('error');
  });

  it('names the service of the call that failed', async () => {
    const calls = new ServiceCalls('eventStore');
    await calls.to('database', async () => undefined);
    expect(calls.failure(await refused())).toEqual({ service: 'database', kind: 'unreachable' });
  });
});
