import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rememberingKeys } from './cookieKeys';

const NEW = 'new-signing-key-abcdef0123456789abcdef0123';
const OLD = 'old-signing-key-0123456789abcdef0123456789';
/** Keygrip's format, written out: HMAC-SHA1, base64 with / + = replaced by _ - and nothing. */
const keygrip = (data: string, key: string) =>
  createHmac('sha1', key)
    .update(data)
    .digest('base64')
    .replace(/\/|\+|=/g, (c) => ({ '/': '_', '+': '-', '=': '' })[c]!);

describe('rememberingKeys', () => {
  it('signs like Keygrip with the newest key, so existing cookies stay valid', () => {
    const keys = rememberingKeys([NEW, OLD]);
    for (const data of ['portal.sid=abc', 'portal.sid=' + 'x'.repeat(40), 'a=b?+/'])
      expect(keys.sign(data)).toBe(keygrip(data, NEW));
  });

  it('answers the index of the key that signed, -1 for a wrong signature, also after remembering', () => {
    const keys = rememberingKeys([NEW, OLD]);
    const data = 'portal.sid=session-id';
    for (let round = 0; round < 2; round++) {
      expect(keys.index(data, keygrip(data, NEW))).toBe(0);
      expect(keys.index(data, keygrip(data, OLD))).toBe(1);
      expect(keys.index(data, keygrip(data, 'some-other-key-0123456789abcdef'))).toBe(-1);
      // a remembered signature does not vouch for another value
      expect(keys.index('portal.sid=other-session', keygrip(data, NEW))).toBe(-1);
      expect(keys.verify(data, keygrip(data, OLD))).toBe(true);
    }
  });

  it('with its memory full, still verifies every cookie it forgot', () => {
    const keys = rememberingKeys([NEW], 2);
    const values = ['a', 'b', 'c'].map((v) => `portal.sid=${v}`);
    for (const v of values) expect(keys.index(v, keygrip(v, NEW))).toBe(0);
    expect(keys.index(values[0], keygrip(values[0], NEW))).toBe(0);
  });
});
