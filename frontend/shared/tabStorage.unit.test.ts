import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryTabStorage, refusingTabStorage } from '../../testing/tabStorage';
import { forgetTabKeys, readTabJson, readTabText, writeTabJson, writeTabText } from './tabStorage';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("this tab's storage", () => {
  it('keeps JSON and text, and forgets them on null', () => {
    vi.stubGlobal('sessionStorage', memoryTabStorage());
    writeTabJson('answers', { joinReason: 'typed', share: true });
    writeTabText('console.returnTo', '#/users/1');
    expect(readTabJson('answers')).toEqual({ joinReason: 'typed', share: true });
    expect(readTabText('console.returnTo')).toBe('#/users/1');
    expect(sessionStorage.getItem('console.returnTo')).toBe('#/users/1'); // as is, not as JSON

    writeTabJson('answers', null);
    writeTabText('console.returnTo', null);
    expect(sessionStorage.length).toBe(0);
    expect(readTabJson('answers')).toBeNull();
  });

  it('reads text that is not JSON as nothing', () => {
    vi.stubGlobal('sessionStorage', memoryTabStorage());
    sessionStorage.setItem('answers', '{"joinReason": "cut sh');
    expect(readTabJson('answers')).toBeNull();
    sessionStorage.setItem('answers', '');
    expect(readTabJson('answers')).toBeNull();
  });

  it('forgets the keys with a prefix, only those', () => {
    vi.stubGlobal('sessionStorage', memoryTabStorage());
    for (const key of ['unsavedAnswers:1:step4', 'returnTo', 'unsavedAnswers:1:step5']) writeTabJson(key, {});
    forgetTabKeys('unsavedAnswers:');
    expect(sessionStorage.length).toBe(1);
    expect(sessionStorage.key(0)).toBe('returnTo');
  });

  it('without storage (blocked, or full) reads nothing and never throws', () => {
    vi.stubGlobal('sessionStorage', refusingTabStorage());
    expect(() => writeTabJson('answers', { joinReason: 'typed' })).not.toThrow();
    expect(() => writeTabText('answers', null)).not.toThrow();
    expect(() => forgetTabKeys('unsavedAnswers:')).not.toThrow();
    expect(readTabJson('answers')).toBeNull();
    expect(readTabText('answers')).toBeNull();

    vi.stubGlobal('sessionStorage', undefined); // no storage at all
    expect(readTabJson('answers')).toBeNull();
    expect(() => writeTabJson('answers', {})).not.toThrow();
  });
});
