import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signing keys of the session cookie (newest first), as the `cookies` package uses them
 * (Keygrip's interface and its format: HMAC-SHA1, base64url), remembering the cookies it has
 * verified: a signed cookie is checked with HMAC once per process, not on every request. Only
 * exact (value, signature) pairs that verified are remembered, at most `maxEntries`; the keys
 * are fixed for the life of the process, so a remembered answer stays right.
 */
export function rememberingKeys(keys: string[], maxEntries = 20_000) {
  if (keys.length === 0) throw new Error('Signed cookies need at least one key');
  const verified = new Map<string, number>();
  const sign = (data: string, key: string) => createHmac('sha1', key).update(data).digest('base64url');
  const same = (a: string, b: string) => {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  };
  const index = (data: string, digest: string): number => {
    const pair = `${digest} ${data}`;
    const known = verified.get(pair);
    if (known !== undefined) return known;
    const found = keys.findIndex((key) => same(digest, sign(data, key)));
    if (found >= 0) {
      if (verified.size >= maxEntries) verified.delete(verified.keys().next().value!);
      verified.set(pair, found);
    }
    return found;
  };
  return {
    sign: (data: string) => sign(data, keys[0]),
    verify: (data: string, digest: string) => index(data, digest) > -1,
    index,
  };
}
