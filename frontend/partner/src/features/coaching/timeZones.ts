/** The time zone this device is set to ("Europe/Paris"), if the browser says. */
export function deviceTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}

/**
 * "Central European Time (Europe/Paris)": a zone as a partner recognises it, its name in their
 * language and the place that names it.
 */
export function timeZoneLabel(timeZone: string, language: string): string {
  const name = new Intl.DateTimeFormat(language, { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(new Date())
    .find((part) => part.type === 'timeZoneName')?.value;
  const place = timeZone.replaceAll('_', ' ');
  return name && name !== timeZone ? `${name} (${place})` : place;
}
