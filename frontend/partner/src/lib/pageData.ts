import type { QueryClient } from '@tanstack/react-query';
import { authApi } from './endpoints';
import { ME_KEY } from './session';

/**
 * The answers a signed-in page's HTML carries (backend/src/http/bundles.ts): the JSON of the GET
 * requests its first render makes (the session, the progress, the page's own data), keyed by
 * path. They go into the query cache before anything asks, so the first render needs no round
 * trip after the code. Every query kept under its path holds the answer as it comes; the session
 * is kept as its user (`meQuery`). Without the element (a visitor, the dev server) nothing changes.
 * `whole`: the HTML carries every read of the page's first render (a page the server prepares).
 */
export function seedPageData(queryClient: QueryClient, doc: Document = document): { whole: boolean } {
  const element = doc.getElementById('page-data');
  const text = element?.textContent;
  if (!text) return { whole: false };
  let answers: Record<string, unknown>;
  try {
    answers = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { whole: false };
  }
  for (const [path, answer] of Object.entries(answers)) {
    if (path === authApi.session.path)
      queryClient.setQueryData(ME_KEY, (answer as { user?: unknown } | null)?.user ?? null);
    else queryClient.setQueryData([path], answer);
  }
  return { whole: element?.dataset.page === 'whole' };
}
