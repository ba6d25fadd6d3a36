import { describe, expect, it } from 'vitest';
import { sameTimeZone } from './timeZones';

describe('sameTimeZone', () => {
  it('takes two names of one zone for the same zone', () => {
    expect(sameTimeZone('Asia/Kolkata', 'Asia/Calcutta')).toBe(true);
    expect(sameTimeZone('America/Argentina/Buenos_Aires', 'America/Buenos_Aires')).toBe(true);
    expect(sameTimeZone('europe/paris', 'Europe/Paris')).toBe(true);
  });

  it('tells apart zones that only keep the same clock, and names it does not know', () => {
    expect(sameTimeZone('Europe/Paris', 'Europe/Berlin')).toBe(false);
    expect(sameTimeZone('America/Denver', 'America/Phoenix')).toBe(false);
    expect(sameTimeZone('Mars/Olympus_Mons', 'Europe/Paris')).toBe(false);
  });
});
