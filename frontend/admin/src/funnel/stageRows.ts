import { isLastStage } from '@portal/contracts/funnel/endpoints';
import type { FunnelResponse } from '@portal/contracts/funnel/schemas';

type Stage = FunnelResponse['stages'][number];

/**
 * Each column of the funnel's tables has one shape (docs/decisions/funnel.md): percents are whole
 * ("85%", "85 %"), median days have one decimal ("3.0", "2.5").
 */
export const PERCENT_DIGITS = 0;
export const DAYS_DIGITS = 1;

/** `part` as a percent of `whole` (unrounded; 0 of nobody). */
export const percentOf = (part: number, whole: number) => (whole ? (part / whole) * 100 : 0);

/** A row of the stage table: a figure that does not apply, or that nobody has, is left out. */
export interface StageRow {
  stage: Stage['stage'];
  reached: number;
  completed: number;
  completionRate: number;
  dropOff?: number;
  /** the drop-off as a percent of those who reached the stage */
  dropOffShare?: number;
  medianDays?: number;
}

export function stageRow(s: Stage): StageRow {
  const last = isLastStage(s.stage);
  return {
    stage: s.stage,
    reached: s.reached,
    completed: s.completed,
    completionRate: s.completionRate,
    dropOff: last ? undefined : s.dropOff,
    dropOffShare: last ? undefined : percentOf(s.dropOff, s.reached),
    medianDays: last || s.medianDays === null ? undefined : s.medianDays,
  };
}
