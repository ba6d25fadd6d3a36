/** Replay categories and date filters (spec section 9). Pure and zod-free: shared by browser and tests. */

export const REPLAY_CATEGORIES = ['training', 'product-demo', 'success-stories', 'team-updates'] as const;
export type ReplayCategory = (typeof REPLAY_CATEGORIES)[number];

/** Keywords per category, checked in this order; the first match wins; no match means Training. */
const REPLAY_KEYWORDS: Record<ReplayCategory, readonly string[]> = {
  training: ['training', 'webinar', 'lesson', 'workshop', 'seminar', 'masterclass', 'tutorial'],
  'product-demo': ['demo', 'demonstration', 'product', 'review', 'unboxing', 'showcase'],
  'success-stories': ['success', 'story', 'testimonial', 'journey', 'transformation', 'results'],
  'team-updates': ['update', 'announcement', 'news', 'meeting', 'team', 'company'],
};

const DEFAULT_REPLAY_CATEGORY: ReplayCategory = 'training';

/** Category of a video from the keywords in its title and description (case-insensitive). */
export function replayCategory(title: string, description = ''): ReplayCategory {
  const text = `${title} ${description}`.toLowerCase();
  for (const category of REPLAY_CATEGORIES) {
    if (REPLAY_KEYWORDS[category].some((k) => text.includes(k))) return category;
  }
  return DEFAULT_REPLAY_CATEGORY;
}

export const REPLAY_DATE_FILTERS = ['all', 'week', 'month', 'year'] as const;
export type ReplayDateFilter = (typeof REPLAY_DATE_FILTERS)[number];

/** Earliest publication date a filter keeps: 7 days, 1 calendar month or 1 year back; null for all time. */
export function dateFilterStart(filter: ReplayDateFilter, now: Date): Date | null {
  const d = new Date(now.getTime());
  switch (filter) {
    case 'week':
      return new Date(now.getTime() - 7 * 86_400_000);
    case 'month':
      d.setMonth(d.getMonth() - 1);
      return d;
    case 'year':
      d.setFullYear(d.getFullYear() - 1);
      return d;
    default:
      return null;
  }
}

export interface ReplayLike {
  title: string;
  description: string;
  publishedAt: string;
}

/** Search in title and description, category, date window. */
export function filterReplays<V extends ReplayLike>(
  videos: readonly V[],
  filter: { search: string; category: ReplayCategory | 'all'; date: ReplayDateFilter },
  now: Date,
): V[] {
  const needle = filter.search.trim().toLowerCase();
  const since = dateFilterStart(filter.date, now);
  return videos.filter((v) => {
    if (needle && !`${v.title}\n${v.description}`.toLowerCase().includes(needle)) return false;
    if (filter.category !== 'all' && replayCategory(v.title, v.description) !== filter.category) return false;
    if (since && new Date(v.publishedAt).getTime() < since.getTime()) return false;
    return true;
  });
}
