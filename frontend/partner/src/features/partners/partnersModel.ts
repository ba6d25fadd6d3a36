import { PARTNERS_PAGE_BUTTONS } from '@portal/contracts/partners/endpoints';
import { calendarDaysSince } from '../../../../shared/calendarDays';

/**
 * Relative last-login label: a translation key and its count (spec: never, 1 day ago, N days ago,
 * N weeks ago; "today" for a sign-in on this calendar day), counted in calendar days as the reader
 * lives them, like the console's.
 */
export type LastLoginLabel =
  | { key: 'lastLogin.never' }
  | { key: 'lastLogin.today' }
  | { key: 'lastLogin.days'; count: number }
  | { key: 'lastLogin.weeks'; count: number };

export function lastLoginLabel(
  lastLoginAt: string | null | undefined,
  now: Date = new Date(),
): LastLoginLabel {
  if (!lastLoginAt) return { key: 'lastLogin.never' };
  const at = new Date(lastLoginAt);
  if (Number.isNaN(at.getTime())) return { key: 'lastLogin.never' };
  const days = calendarDaysSince(at, now);
  if (days < 1) return { key: 'lastLogin.today' };
  if (days < 7) return { key: 'lastLogin.days', count: days };
  return { key: 'lastLogin.weeks', count: Math.floor(days / 7) };
}

/** Up to `max` page numbers around the current page, always a full window when there are enough pages. */
export function pageButtons(
  current: number,
  totalPages: number,
  max: number = PARTNERS_PAGE_BUTTONS,
): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(max, totalPages);
  let start = Math.max(1, current - Math.floor(count / 2));
  start = Math.min(start, totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** The numbers of 'Showing X to Y of Z partners'. */
export function shownRange(
  page: number,
  pageSize: number,
  total: number,
): { from: number; to: number; total: number } {
  if (total <= 0) return { from: 0, to: 0, total: 0 };
  const from = Math.min(total, (page - 1) * pageSize + 1);
  return { from, to: Math.min(total, page * pageSize), total };
}

export const totalPages = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** Spec: the list is de-duplicated by lower-cased e-mail (the server never sends two, this keeps the promise). */
export function dedupeByEmail<T extends { email: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((i) => {
    const key = i.email.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const initialsOf = (firstName: string, lastName: string) =>
  `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase() || '?';

/** The step a partner is on ("Step 3 of 5"): the first open step, or 5 once training is complete. */
export const currentStepOf = (p: { currentStep: number; trainingCompleted: boolean }) =>
  p.trainingCompleted ? 5 : p.currentStep;

/**
 * Step 4's start date as the partner wrote it: it is free text (spec 000 section 3; the form
 * suggests "e.g. March 2025"), so only a bare ISO date is written out in the sponsor's language.
 * Read as a date, "marzo de 2025" became "1 mars 2025" (a day nobody gave) and "agosto de 2025"
 * "1 janvier 2025": JavaScript's lenient parser knows only English month names and puts January
 * in place of any other word.
 */
export function startDateText(value: string, language: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? longDate(`${value}T12:00:00`, language) : value;
}

/** A date or instant written out in the reader's language ("12 mars 2026"); else as it came. */
export function longDate(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(date);
}
