import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryTabStorage, refusingTabStorage } from '../../../testing/tabStorage';
import { rememberPlace, takeRememberedPlace } from './returnTo';

const onPage = (hash: string) => vi.stubGlobal('window', { location: { hash } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the console's place kept while the admin signs in again", () => {
  it('is given back once', () => {
    vi.stubGlobal('sessionStorage', memoryTabStorage());
    onPage('#/users/7/show?tab=history');
    rememberPlace();
    expect(takeRememberedPlace()).toBe('#/users/7/show?tab=history');
    expect(takeRememberedPlace()).toBeNull();
  });

  it('is only a console route', () => {
    vi.stubGlobal('sessionStorage', memoryTabStorage());
    onPage('');
    rememberPlace();
    expect(takeRememberedPlace()).toBeNull();
  });

  it('is nothing when the browser refuses the storage, and never throws', () => {
    vi.stubGlobal('sessionStorage', refusingTabStorage());
    onPage('#/users');
    expect(() => rememberPlace()).not.toThrow();
    expect(takeRememberedPlace()).toBeNull();
  });
});
