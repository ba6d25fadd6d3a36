import type { ComponentType } from 'react';
import { useTranslate } from 'react-admin';
import LinearProgress from '@mui/material/LinearProgress';
import { useModule } from '../../../shared/useModule';

/** The bar a page shows while its code is on the way. */
function PageLoading() {
  const t = useTranslate();
  return <LinearProgress aria-label={t('ra.page.loading')} sx={{ mt: 2 }} />;
}

/**
 * A page whose code loads when it is first opened (its own chunk), with the loading bar
 * meanwhile. Not React's `lazy`: a page that suspends is shown at the earliest 300 ms after its
 * fallback, so each page's first visit took 300 ms more than its download
 * (`frontend/shared/useModule.ts`). Once loaded, later visits render it at once.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let ready: ComponentType<P> | null = null;
  const loadPage = () =>
    load().then((page) => {
      ready = page;
      return { default: page };
    });
  return function DeferredPage(props: P) {
    const Page = useModule(loadPage, ready === null) ?? ready;
    return Page ? <Page {...props} /> : <PageLoading />;
  };
}
