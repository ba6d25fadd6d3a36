/**
 * The answers the console's HTML carries (backend/src/http/bundles.ts, `sendConsole`): the JSON
 * of the GET requests its first screen makes (the session, the users list's first page), with
 * their headers, keyed by URL. Each is used once, by the first request of its URL: a later one
 * (a refresh, a page opened again) goes to the server. Without the element (the dev server)
 * every request goes to the server.
 */
interface Answer {
  body: unknown;
  headers: Record<string, string>;
}

/** A URL's path and query, its parameters in one order (the server writes them in another). */
const canonical = (url: string) => {
  const { pathname, searchParams } = new URL(url, window.location.origin);
  searchParams.sort();
  const query = searchParams.toString();
  return query ? `${pathname}?${query}` : pathname;
};

function read(): Map<string, Answer> {
  const text = document.getElementById('page-data')?.textContent;
  if (!text) return new Map();
  try {
    const answers = JSON.parse(text) as Record<string, Answer>;
    return new Map(Object.entries(answers).map(([url, answer]) => [canonical(url), answer]));
  } catch {
    return new Map();
  }
}

const answers = read();

/** The HTML's answer of a GET of this URL, once. */
export function takeAnswer(url: string): Answer | undefined {
  const key = canonical(url);
  const answer = answers.get(key);
  answers.delete(key);
  return answer;
}

/** Whether the HTML holds an answer of this URL not used yet. */
export const hasAnswer = (url: string) => answers.has(canonical(url));
