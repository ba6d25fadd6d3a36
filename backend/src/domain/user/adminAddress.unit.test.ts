import { describe, expect, it } from 'vitest';
import { foldEmail, isAdminAddress } from './adminAddress';

describe('the fixed admin address comparison', () => {
  it('sees through case, compatibility and invisible characters', () => {
    const admin = 'admin@portal.test';
    for (const variant of [
      'ADMIN@PORTAL.TEST',
      ' Admin@Portal.Test ',
      'ａｄｍｉｎ＠ｐｏｒｔａｌ．ｔｅｓｔ', // full-width
      'admin\u200b@portal.test', // zero-width space
      'adm\u0131n@portal.test', // dotless i
      'admin@portal.te\u017ft', // long s
      '\u{1d41a}dmin@portal.test', // mathematical bold a
    ]) {
      expect(isAdminAddress(variant, admin), variant).toBe(true);
    }
    expect(isAdminAddress('admin2@portal.test', admin)).toBe(false);
    expect(foldEmail('Stra\u00dfe@x.test')).toBe('strasse@x.test');
  });
});
