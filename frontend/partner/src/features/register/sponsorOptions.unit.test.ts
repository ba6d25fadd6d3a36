import { describe, expect, it } from 'vitest';
import { buildSponsorOptions, type Sponsor } from './sponsorOptions';

const many = (n: number): Sponsor[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `id${i}`,
    uid: `U${i}`,
    firstName: `First${i}`,
    lastName: `Last${i}`,
  }));

describe('buildSponsorOptions', () => {
  it('shows the first 50 sponsors when nothing is typed', () => {
    const r = buildSponsorOptions(many(120), '');
    expect(r.options).toHaveLength(50);
    expect(r.total).toBe(120);
    expect(r.shown).toBe(50);
    expect(r.searching).toBe(false);
  });

  it('shows up to 100 matches when searching', () => {
    const r = buildSponsorOptions(many(300), 'first1');
    // first1, first10..19, first100..199 = 111 matches
    expect(r.total).toBe(111);
    expect(r.options).toHaveLength(100);
    expect(r.searching).toBe(true);
  });

  it('matches by uid, ignores case and accents, and needs every word', () => {
    const list: Sponsor[] = [
      { id: 'a', uid: 'P-7', firstName: 'José', lastName: 'Álvarez' },
      { id: 'b', firstName: 'Ann', lastName: 'Lee' },
    ];
    expect(buildSponsorOptions(list, 'jose alv').options.map((o) => o.value)).toEqual(['a']);
    expect(buildSponsorOptions(list, 'p-7').options.map((o) => o.value)).toEqual(['a']);
    expect(buildSponsorOptions(list, 'ann smith').options).toEqual([]);
  });

  it('adds the uid (or id) for shared names and for the selected sponsor', () => {
    const list: Sponsor[] = [
      { id: 'a', uid: 'P-1', firstName: 'Ann', lastName: 'Lee' },
      { id: 'b', firstName: 'ann', lastName: 'lee' },
      { id: 'c', uid: 'P-3', firstName: 'Bo', lastName: 'Chen' },
      { id: 'd', uid: 'P-4', firstName: 'Di', lastName: 'Ng' },
    ];
    const r = buildSponsorOptions(list, '', 'c');
    expect(r.options.map((o) => o.label)).toEqual(['Ann Lee (P-1)', 'ann lee (b)', 'Bo Chen (P-3)', 'Di Ng']);
  });

  it('keeps the selected sponsor listed when it is beyond the first 50', () => {
    const r = buildSponsorOptions(many(80), '', 'id70');
    expect(r.options[0]).toEqual({ value: 'id70', label: 'First70 Last70 (U70)' });
    expect(r.options).toHaveLength(51);
  });
});
