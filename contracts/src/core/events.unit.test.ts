import { describe, expect, it } from 'vitest';
import { allEvents } from '../events';
import { versionOf } from './events';

describe('event schema versions', () => {
  it('every event type at a version above 1 has an upcaster from each older version', () => {
    for (const def of allEvents) {
      for (let v = 1; v < versionOf(def); v++) {
        expect(typeof def.upcasters?.[v], `${def.type} has no upcaster from version ${v}`).toBe('function');
      }
    }
  });
});
