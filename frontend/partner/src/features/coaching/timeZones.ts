import { canonicalTimeZone } from '@portal/contracts/academy/schedule';

/** The time zone this device is set to ("Europe/Paris"), if the browser says. */
export function deviceTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}

/**
 * Whether two names are one zone: `Asia/Kolkata` and `Asia/Calcutta`, `America/Buenos_Aires` and
 * `America/Argentina/Buenos_Aires` (a browser and the API may spell a zone differently), compared
 * by the name this browser gives each. Zones that only keep the same clock (Paris, Berlin) are not.
 */
export function sameTimeZone(a: string, b: string): boolean {
  return a === b || (canonicalTimeZone(a) ?? a) === (canonicalTimeZone(b) ?? b);
}

/**
 * "Central European Time (Paris)": a zone as a partner recognises it, its name in their language
 * and the place that names it; the place alone where the browser has no name for the zone (or
 * does not know it: a zone stored from a newer browser).
 */
export function timeZoneLabel(timeZone: string, language: string): string {
  const place = (timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ');
  try {
    const name = new Intl.DateTimeFormat(language, { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value;
    return name && name !== timeZone ? `${name} (${place})` : place;
  } catch {
    return place;
  }
}
