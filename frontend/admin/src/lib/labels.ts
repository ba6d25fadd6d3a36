import { calendarDaysSince } from '../../../shared/calendarDays';

/**
 * Last-login label (spec: Never, Today, Yesterday, N days ago under 7, N weeks ago under 30,
 * else a date). Answers a translation key with its values, so every language words it itself.
 */
export type LastLoginLabel =
  | { key: 'never' }
  | { key: 'today' }
  | { key: 'yesterday' }
  | { key: 'daysAgo'; count: number }
  | { key: 'weeksAgo'; count: number }
  | { key: 'date'; date: Date };

export function lastLoginLabel(value: string | null | undefined, now = new Date()): LastLoginLabel {
  if (!value) return { key: 'never' };
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return { key: 'never' };
  const days = calendarDaysSince(at, now);
  if (days === 0) return { key: 'today' };
  if (days === 1) return { key: 'yesterday' };
  if (days < 7) return { key: 'daysAgo', count: days };
  if (days < 30) return { key: 'weeksAgo', count: Math.floor(days / 7) };
  return { key: 'date', date: at };
}

/** A user's name as the console shows it everywhere. */
export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/**
 * "Label: text" in the console's language: French puts a no-break space before the colon
 * (`app.labelled`), so a failure and its reason, or a figure's name and value, never start a
 * line with ":".
 */
export const labelled = (
  translate: (key: string, options?: object) => string,
  labelKey: string,
  text: string,
) => translate('app.labelled', { label: translate(labelKey), text });
