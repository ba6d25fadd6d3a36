import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPacedSender } from './pacedSender';

const GAP = 25;

/** A send that stays in flight until the test settles it. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A sender whose sends are recorded in `sent`; `outcome(n)` is what the nth send (from 1) returns. */
function recorded(outcome: (n: number) => Promise<void> = () => Promise.resolve()) {
  const sent: string[] = [];
  const sender = createPacedSender<string>({
    gapMs: GAP,
    send: (value) => {
      sent.push(value);
      return outcome(sent.length);
    },
  });
  return { sent, sender };
}

describe('paced sender', () => {
  beforeEach(() => {
    // performance faked too: the sender's gap is measured on performance.now()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'], now: Date.now() });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the first offer at once', async () => {
    const { sent, sender } = recorded();

    sender.offer('a');
    await vi.advanceTimersByTimeAsync(0);

    expect(sent).toEqual(['a']);
  });

  it('coalesces the offers made within the gap into one send of the newest, when the gap has passed', async () => {
    const { sent, sender } = recorded();
    sender.offer('a');
    await vi.advanceTimersByTimeAsync(0);

    await vi.advanceTimersByTimeAsync(5);
    sender.offer('b');
    sender.offer('c');
    await vi.advanceTimersByTimeAsync(10);
    sender.offer('d');
    await vi.advanceTimersByTimeAsync(GAP - 16);
    expect(sent).toEqual(['a']);

    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual(['a', 'd']);
    await vi.advanceTimersByTimeAsync(10 * GAP);
    expect(sent).toEqual(['a', 'd']);
  });

  it('holds an offer made while a send is in flight until that send completes, then sends the newest', async () => {
    const first = deferred();
    const { sent, sender } = recorded((n) => (n === 1 ? first.promise : Promise.resolve()));
    sender.offer('a');
    await vi.advanceTimersByTimeAsync(0);

    sender.offer('b');
    sender.offer('c');
    await vi.advanceTimersByTimeAsync(10 * GAP);
    expect(sent).toEqual(['a']);

    first.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['a', 'c']);
  });

  it('goes on sending after a send failed', async () => {
    const first = deferred();
    const { sent, sender } = recorded((n) => {
      if (n === 1) return first.promise;
      if (n === 2) throw new Error('not even sent');
      return Promise.resolve();
    });
    sender.offer('a');
    await vi.advanceTimersByTimeAsync(0);
    sender.offer('b');

    first.reject(new Error('connection lost'));
    await vi.advanceTimersByTimeAsync(GAP);
    expect(sent).toEqual(['a', 'b']);

    sender.offer('c');
    await vi.advanceTimersByTimeAsync(GAP);
    expect(sent).toEqual(['a', 'b', 'c']);
  });

  it('is not held by a wall clock set back', async () => {
    const { sent, sender } = recorded();
    sender.offer('a');
    await vi.advanceTimersByTimeAsync(2 * GAP);

    vi.setSystemTime(Date.now() - 3_600_000);
    sender.offer('b');
    await vi.advanceTimersByTimeAsync(0);

    expect(sent).toEqual(['a', 'b']);
  });
});
