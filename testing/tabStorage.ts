/** Stand-ins for a tab's sessionStorage in unit tests (Node has none): `vi.stubGlobal('sessionStorage', …)`. */

/** A tab's sessionStorage in memory, as much of it as `frontend/shared/tabStorage.ts` uses. */
export function memoryTabStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (i: number) => [...items.keys()][i] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
  };
}

/** A storage the browser refuses (blocked, private mode): every use throws. */
export function refusingTabStorage(): Storage {
  const refused = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  return {
    get length(): number {
      return refused();
    },
    key: refused,
    getItem: refused,
    setItem: refused,
    removeItem: refused,
    clear: refused,
  };
}
