/**
 * This tab's sessionStorage, never throwing: storage that is unavailable (blocked, private mode)
 * or full reads as nothing and writes nothing, and the caller works as before without its copy.
 */

/** The text kept under `key`, or null (none kept, or no storage). */
export function readTabText(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps `text` under `key`; null forgets it. */
export function writeTabText(key: string, text: string | null) {
  try {
    if (text === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, text);
  } catch {
    // storage unavailable or full: nothing is kept
  }
}

/** The value kept as JSON under `key`, or null (none kept, no storage, or not JSON). */
export function readTabJson(key: string): unknown {
  const raw = readTabText(key);
  try {
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

/** Keeps `value` as JSON under `key`; null (or undefined) forgets it. */
export function writeTabJson(key: string, value: unknown) {
  writeTabText(key, value === null || value === undefined ? null : JSON.stringify(value));
}

/** Forgets every key that starts with `prefix`. */
export function forgetTabKeys(prefix: string) {
  try {
    for (let i = sessionStorage.length - 1; i >= 0; i--) {
      const key = sessionStorage.key(i);
      if (key?.startsWith(prefix)) sessionStorage.removeItem(key);
    }
  } catch {
    // storage unavailable: nothing was kept
  }
}
