import { describe, expect, it } from 'vitest';
import {
  countCompletedSteps,
  partnerStatus,
  progressPercent,
  progressPercentSql,
  statusExpressionSql,
  statusPredicateSql,
} from './status';

describe('progress percent', () => {
  it('is completed steps / 5, rounded', () => {
    expect([0, 1, 2, 3, 4, 5].map(progressPercent)).toEqual([0, 20, 40, 60, 80, 100]);
  });
  it('clamps impossible values', () => {
    expect(progressPercent(-1)).toBe(0);
    expect(progressPercent(9)).toBe(100);
    expect(progressPercent(Number.NaN)).toBe(0);
  });
});

describe('partner status', () => {
  const loggedIn = '2026-01-02T10:00:00.000Z';
  it('is complete when all five steps are done', () => {
    expect(partnerStatus({ completedSteps: 5, lastLoginAt: loggedIn })).toBe('complete');
    expect(partnerStatus({ completedSteps: 5, lastLoginAt: null })).toBe('complete');
  });
  it('is in progress when some steps are done and there has been a login', () => {
    expect(partnerStatus({ completedSteps: 1, lastLoginAt: loggedIn })).toBe('in-progress');
    expect(partnerStatus({ completedSteps: 4, lastLoginAt: new Date(loggedIn) })).toBe('in-progress');
  });
  it('is not started when no step is done or the partner never logged in', () => {
    expect(partnerStatus({ completedSteps: 0, lastLoginAt: loggedIn })).toBe('not-started');
    expect(partnerStatus({ completedSteps: 3, lastLoginAt: null })).toBe('not-started');
    expect(partnerStatus({ completedSteps: 0, lastLoginAt: undefined })).toBe('not-started');
  });
});

describe('step flags', () => {
  it('accept true, "t" and "true" as done', () => {
    expect(countCompletedSteps([true, 't', 'true', false, 'f'])).toBe(3);
    expect(countCompletedSteps([])).toBe(0);
  });
});

describe('SQL builders', () => {
  const cols = { completedSteps: 'p.completed_steps', lastLoginAt: 'u.last_login_at' };
  it('treat a missing progress row as zero steps', () => {
    expect(statusPredicateSql('complete', cols)).toBe('(coalesce(p.completed_steps, 0) >= 5)');
    expect(statusExpressionSql(cols)).toContain("then 'in-progress'");
    expect(progressPercentSql(cols)).toContain('coalesce(p.completed_steps, 0)');
  });
  it('refuse anything that is not a column identifier', () => {
    expect(() =>
      statusPredicateSql('complete', { completedSteps: '1); drop table users; --', lastLoginAt: 'x' }),
    ).toThrow('Not a column identifier');
  });
});
