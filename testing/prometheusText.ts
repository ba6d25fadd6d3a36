/** The value of one sample in Prometheus text, found by name and (a subset of) its labels. */
export function sampleValue(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

/** Names of the metric families a Prometheus text declares (its `# TYPE` lines). */
export const familyNames = (text: string) => [...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]);
