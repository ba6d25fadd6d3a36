import { useEffect, useState } from 'react';

/**
 * The default export of a code chunk, fetched once `wanted` turns true and kept after, or null
 * until it has arrived; a failed download is thrown while rendering, as `lazy` would throw it,
 * for the error boundary. For the parts of a page that open on a click or an event (the login
 * dialog, the menus, the toasts, the academy's prompt and tour) in place of React's `lazy`: a
 * part that suspends is shown at the earliest 300 ms after React committed its fallback, so the
 * first click on LOGIN showed the dialog 300 ms late even with its code already downloaded.
 */
export function useModule<T>(load: () => Promise<{ default: T }>, wanted: boolean): T | null {
  const [loaded, setLoaded] = useState<{ value: T } | { error: unknown } | null>(null);
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    load().then(
      (m) => live && setLoaded({ value: m.default }),
      (error: unknown) => live && setLoaded({ error }),
    );
    return () => {
      live = false;
    };
  }, [load, wanted, loaded]);
  if (loaded && 'error' in loaded) throw loaded.error;
  return loaded ? loaded.value : null;
}
