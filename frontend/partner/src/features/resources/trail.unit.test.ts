import { describe, expect, it } from 'vitest';
import { parseTrail } from './trail';

describe('resources folder path in the address', () => {
  it('reads the path as parsed by the router or as JSON text', () => {
    const path = [
      { id: 's-marketing', name: 'Marketing Materials' },
      { id: 's-social', name: 'Social Media Graphics' },
    ];
    expect(parseTrail(path)).toEqual(path);
    expect(parseTrail(JSON.stringify(path))).toEqual(path);
    expect(parseTrail(undefined)).toEqual([]);
  });

  it('falls back to the root for anything malformed', () => {
    expect(parseTrail('not json')).toEqual([]);
    expect(parseTrail({ id: 'x', name: 'y' })).toEqual([]);
    expect(parseTrail([{ id: "x' or 1=1", name: 'y' }])).toEqual([]);
    expect(parseTrail([{ id: 'ok', name: 5 }])).toEqual([]);
    expect(parseTrail(Array.from({ length: 31 }, (_, i) => ({ id: `f${i}`, name: 'n' })))).toEqual([]);
  });
});
