import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/Providers';
import { router } from './app/router';
import { keepTabInDialogs } from './lib/dialogTabLoop';
import './lib/i18n';
import { queryClient } from './lib/queryClient';
import { meQuery } from './lib/session';
import './styles.css';

// the session check starts at once, in parallel with the first route's code
void queryClient.prefetchQuery(meQuery);
keepTabInDialogs();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
