import { describe, expect, it } from 'vitest';
import { percentOf, stageRow } from './stageRows';

const figures = { reached: 13, completed: 11, dropOff: 2, completionRate: 84.6, medianDays: 3 };

describe('a row of the funnel’s stage table', () => {
  it('keeps a step’s drop-off, its share of those who reached the step, and its median days', () => {
    expect(stageRow({ stage: 'step1', ...figures })).toEqual({
      stage: 'step1',
      reached: 13,
      completed: 11,
      completionRate: 84.6,
      dropOff: 2,
      dropOffShare: (2 / 13) * 100,
      medianDays: 3,
    });
  });
  it('has no drop-off and no median days on the last stage: nothing comes after it', () => {
    const row = stageRow({ stage: 'training', ...figures, dropOff: 0, medianDays: 0 });
    expect(row).toEqual({ stage: 'training', reached: 13, completed: 11, completionRate: 84.6 });
  });
  it('has no median days where nobody has them', () => {
    expect(stageRow({ stage: 'step5', ...figures, medianDays: null }).medianDays).toBeUndefined();
  });
  it('counts a share of nobody as 0', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(1, 4)).toBe(25);
  });
});
