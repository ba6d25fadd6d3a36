import type { SponsorItem } from '@portal/contracts/auth/schemas';

export type Sponsor = SponsorItem;

/** Shown when nothing is typed / at most shown while searching (spec section 9). */
const SPONSORS_DEFAULT_COUNT = 50;
const SPONSORS_SEARCH_LIMIT = 100;
/** The sponsor list is cached for 5 minutes. */
export const SPONSORS_CACHE_MS = 5 * 60 * 1000;

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

const sponsorFullName = (s: Pick<Sponsor, 'firstName' | 'lastName'>) =>
  `${s.firstName} ${s.lastName}`.replace(/\s+/g, ' ').trim();

/** The label with the uid (or id when there is no uid) in parentheses. */
export const sponsorLabelWithId = (s: Sponsor) => `${sponsorFullName(s)} (${s.uid || s.id})`;

interface SponsorOption {
  value: string;
  label: string;
}

export interface SponsorOptions {
  options: SponsorOption[];
  /** sponsors matching the search (all sponsors when not searching) */
  total: number;
  /** how many of them are listed */
  shown: number;
  searching: boolean;
}

/**
 * The picker's entries: the first 50 sponsors when nothing is typed, up to 100 matches of the
 * search (name, uid or id, case- and accent-insensitive) otherwise. A name shared by two
 * sponsors is followed by the uid (or id) in parentheses, as is the selected sponsor.
 */
export function buildSponsorOptions(
  sponsors: readonly Sponsor[],
  search: string,
  selectedId?: string,
): SponsorOptions {
  const nameCount = new Map<string, number>();
  for (const s of sponsors) {
    const k = fold(sponsorFullName(s));
    nameCount.set(k, (nameCount.get(k) ?? 0) + 1);
  }
  const label = (s: Sponsor) =>
    (nameCount.get(fold(sponsorFullName(s))) ?? 0) > 1 || s.id === selectedId
      ? sponsorLabelWithId(s)
      : sponsorFullName(s);

  const q = fold(search);
  const searching = q.length > 0;
  const terms = q.split(/\s+/).filter(Boolean);
  const matches = searching
    ? sponsors.filter((s) => {
        const hay = `${fold(sponsorFullName(s))} ${fold(s.uid ?? '')} ${fold(s.id)}`;
        return terms.every((t) => hay.includes(t));
      })
    : sponsors;
  const limit = searching ? SPONSORS_SEARCH_LIMIT : SPONSORS_DEFAULT_COUNT;
  const listed = matches.slice(0, limit);
  // the selected sponsor always stays in the list, so the field can show it
  if (selectedId && !searching && !listed.some((s) => s.id === selectedId)) {
    const selected = sponsors.find((s) => s.id === selectedId);
    if (selected) listed.unshift(selected);
  }
  return {
    options: listed.map((s) => ({ value: s.id, label: label(s) })),
    total: matches.length,
    shown: Math.min(matches.length, limit),
    searching,
  };
}
