/**
 * antd's static style sheet, linked in index.html with `media="print"` so it never holds back the
 * first paint (build/antdStyles.ts). Resolves once it has loaded and applies to the screen; the
 * app renders after it, so no antd component is ever seen unstyled.
 */
export function antdSheetReady(id = 'antd-styles'): Promise<void> {
  const link = document.getElementById(id) as HTMLLinkElement | null;
  if (!link) return Promise.resolve();
  const apply = () => {
    link.media = 'all';
  };
  if (link.sheet) {
    apply();
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const done = () => {
      apply();
      resolve();
    };
    link.addEventListener('load', done, { once: true });
    // a failed sheet must not keep the app from starting
    link.addEventListener('error', done, { once: true });
  });
}
