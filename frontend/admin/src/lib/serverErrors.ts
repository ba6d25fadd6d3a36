import { HttpError } from 'react-admin';
import { i18nProvider } from '../i18n/i18nProvider';

/**
 * A server error id in the console's language (`app.serverErrors.<id>`); an id the console has
 * no text for keeps the server's own message (a field's validation message, say).
 */
export const serverErrorText = (code: string, serverMessage: string): string =>
  i18nProvider.translate(`app.serverErrors.${code}`, { _: serverMessage });

/**
 * A failed API call as the console shows it: an error answer's message in the console's language,
 * and a request that never got an answer (network down) said as such, not as the browser's
 * English "Failed to fetch". The status and body stay, for react-admin's own handling (401).
 */
export function inConsoleLanguage(error: unknown): unknown {
  if (error instanceof HttpError) {
    const code = (error.body as { error?: unknown } | null | undefined)?.error;
    if (typeof code === 'string')
      return new HttpError(serverErrorText(code, error.message), error.status, error.body);
    // a 5xx without an id (a proxy's 502/503/504 page, a crash): the browser's status text is
    // English ("Service Unavailable"); say it in the console's language
    if (error.status >= 500)
      return new HttpError(
        serverErrorText(error.status === 500 ? 'internal' : 'unavailable', error.message),
        error.status,
        error.body,
      );
    return error;
  }
  // fetch rejects with a TypeError when no answer came (an abort is a DOMException, left as it is)
  if (error instanceof TypeError) return new HttpError(serverErrorText('network', error.message), 0, null);
  return error;
}
