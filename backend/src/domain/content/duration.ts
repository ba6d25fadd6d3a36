/**
 * YouTube gives durations as ISO-8601 (PT1H2M3S, P1DT2H, PT45S). The replays page shows
 * 'm:ss' or 'h:mm:ss'. Pure.
 */
export function isoDurationToSeconds(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const m = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(iso.trim());
  if (!m || iso.trim() === 'P' || iso.trim() === 'PT') return null;
  const [, w, d, h, min, s] = m;
  return Math.floor(
    Number(w ?? 0) * 604_800 +
      Number(d ?? 0) * 86_400 +
      Number(h ?? 0) * 3600 +
      Number(min ?? 0) * 60 +
      Number(s ?? 0),
  );
}

/** 'm:ss' under an hour, else 'h:mm:ss'; '' when unknown. */
export function formatDuration(iso: string | null | undefined): string {
  const total = isoDurationToSeconds(iso);
  if (total == null) return '';
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
