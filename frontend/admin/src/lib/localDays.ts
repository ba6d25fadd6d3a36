const BARE_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The first moment of a day (`2026-11-27`) in this browser's time zone, `days` later, as an ISO
 * instant; anything but a bare date is answered as it came.
 */
function startOfLocalDay(value: string, days = 0): string {
  const match = BARE_DATE.exec(value);
  if (!match) return value;
  const [, year, month, day] = match.map(Number);
  return new Date(year, month - 1, day + days).toISOString();
}

/**
 * The audit log's date filters as the admin's own days: the list shows times in the admin's time
 * zone, so "from the 27th to the 27th" means from that day's local midnight up to the next one's
 * (the server would read bare dates as UTC days: an evening event in Mexico City falls on the
 * next UTC day and vanished from its own day's filter).
 */
export function inLocalDays<F extends { from?: unknown; to?: unknown }>(filter: F): F {
  const out = { ...filter };
  if (typeof filter.from === 'string') out.from = startOfLocalDay(filter.from);
  if (typeof filter.to === 'string') out.to = startOfLocalDay(filter.to, 1);
  return out;
}
