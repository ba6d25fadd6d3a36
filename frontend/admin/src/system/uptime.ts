/** How long a process has run, in the reader's units: "2 d 3 h", "2 j 3 h", "5 min 7 s". */
export function uptime(t: (key: string, values: Record<string, number>) => string, seconds: number) {
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days) return t('app.system.uptimeDays', { days, hours });
  if (hours) return t('app.system.uptimeHours', { hours, minutes });
  return t('app.system.uptimeMinutes', { minutes, seconds: Math.floor(seconds % 60) });
}
