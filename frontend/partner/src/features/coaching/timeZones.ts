/** The time zone this device is set to ("Europe/Paris"), if the browser says. */
export function deviceTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
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
