// first: the app's own leaves ask nothing, before the router or a page adds a beforeunload handler
import '../../shared/leave';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/Providers';
import { router } from './app/router';
import { antdSheetReady } from './app/antdSheet';
import { keepTabInDialogs } from './lib/dialogTabLoop';
import { currentLanguage, i18nReady } from './lib/i18n';
import { loadAntdLocale } from './app/antdLocale';
import { queryClient } from './lib/queryClient';
import { meQuery } from './lib/session';
import { seedPageData } from './lib/pageData';
import { handStaticFocusOver } from './lib/staticFocus';
import './styles.css';

// a signed-in page's HTML carries its first data; else the session check starts at once, in
// parallel with the first route's code
const pageData = seedPageData(queryClient);
void queryClient.prefetchQuery(meQuery);
keepTabInDialogs();
// the first page's code loads at once too, not after the session check its route waits for
for (const match of router.matchRoutes(router.state.location)) {
  const route = (router.routesById as Record<string, { options: { component?: unknown } }>)[match.routeId];
  const component = route?.options.component as { preload?: () => Promise<unknown> } | undefined;
  void component?.preload?.().catch(() => undefined);
}

// English is bundled and ready at once; a Spanish or French reader's texts (ours and antd's)
// arrive first (no flash of English). The first render is a transition: React yields to the browser every few
// milliseconds instead of holding the main thread for the whole tree (a phone stays responsive).
const rootElement = document.getElementById('root')!;
// a Tab pressed before React's first render put the focus on a link of the HTML's page: it goes on
// to React's link in its place, not to the body
handStaticFocusOver(rootElement);
const render = () =>
  startTransition(() =>
    createRoot(rootElement).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
const antdLocaleReady = i18nReady.then(() => loadAntdLocale(currentLanguage()));
// A page whose data came with its HTML is loaded (its code; its loader's data is in the cache)
// before the first render, which then renders it whole: no shell first and then the page in one
// long task when the router's state changes. Any other page renders at once: the app's top bar,
// then its loading overlay if its data is slow (the router's pending delay), as the spec says.
const firstPageReady = pageData.whole ? router.load() : undefined;
void Promise.all([i18nReady, antdLocaleReady, antdSheetReady(), firstPageReady]).then(render, render);
