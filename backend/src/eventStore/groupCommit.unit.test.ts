import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGroupCommit } from './groupCommit';

/** The queue on its own: plain functions stand for the statements (the database path is in inline.int). */
class Refused extends Error {}
const unreachable = new Error('unreachable');

function setUp(overrides: {
  one?: (item: string) => Promise<string>;
  many?: (items: string[]) => Promise<string[]>;
}) {
  const calls: string[][] = [];
  const group = createGroupCommit<string, string>({
    maxInFlight: 1,
    maxBatch: 3,
    maxWaitMs: 1_000,
    waitedTooLong: () => new Error('waited too long'),
    one: (item) => (calls.push([item]), overrides.one ? overrides.one(item) : Promise.resolve(`${item}:ok`)),
    many: (items) => (
      calls.push(items),
      overrides.many ? overrides.many(items) : Promise.resolve(items.map((i) => `${i}:ok`))
    ),
    rolledBack: (error) => error instanceof Refused,
  });
  return { group, calls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('group commit', () => {
  it('sends an append alone when nothing is in flight, and those that came meanwhile together', async () => {
    let release!: () => void;
    const first = new Promise<string>((resolve) => (release = () => resolve('a:ok')));
    const { group, calls } = setUp({ one: (item) => (item === 'a' ? first : Promise.resolve(`${item}:ok`)) });
    const results = ['a', 'b', 'c', 'd', 'e'].map((item) => group.submit(item));
    expect(calls).toEqual([['a']]);
    release();
    expect(await Promise.all(results)).toEqual(['a:ok', 'b:ok', 'c:ok', 'd:ok', 'e:ok']);
    expect(calls).toEqual([['a'], ['b', 'c', 'd'], ['e']]);
  });

  it('sends a refused batch again one append at a time; an unreachable database ends it for the rest', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { group, calls } = setUp({
      one: async (item) => {
        if (item === 'first') await gate;
        if (item === 'bad') throw new Refused('bad row');
        if (item === 'down') throw unreachable;
        return `${item}:ok`;
      },
      many: () => Promise.reject(new Refused('the batch')),
    });
    const first = group.submit('first');
    const outcomes = Promise.allSettled(['bad', 'down', 'after'].map((item) => group.submit(item)));
    release();
    await first;
    const settled = await outcomes;
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([
      'bad row',
      'unreachable',
      'unreachable',
    ]);
    // 'after' was not sent alone: the database could not be reached
    expect(calls).toEqual([['first'], ['bad', 'down', 'after'], ['bad'], ['down']]);
  });

  it('refuses an append that waited too long for its turn (the batch before it hangs)', async () => {
    vi.useFakeTimers();
    const { group } = setUp({
      one: (item) => (item === 'hung' ? new Promise<string>(() => {}) : Promise.resolve('x')),
    });
    void group.submit('hung');
    const waiting = group.submit('next');
    vi.advanceTimersByTime(1_000);
    await expect(waiting).rejects.toThrow('waited too long');
  });
});
