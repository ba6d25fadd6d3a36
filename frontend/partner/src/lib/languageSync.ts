import { useEffect } from 'react';
import { request } from './api';
import { currentLanguage } from './i18n';
import type { LanguageCode } from './languages';
import { queryClient } from './queryClient';
import { fullySignedIn, ME_KEY, setCurrentUser, useSession, type User } from './session';
import { authApi } from './endpoints';

/** The latest choice not sent yet, and the loop sending them (one request at a time). */
let wanted: LanguageCode | null = null;
let sending: Promise<void> | null = null;

/**
 * The server keeps the partner's language, so e-mails to them are written in it (issue 18):
 * told when the switcher changes and, for an account that has none yet, once signed in: past the
 * password change and the second factor (the route answers 403 before).
 * One request at a time, the last choice sent once the one on its way has answered (the arrow
 * keys go through the list, a language a press): two requests at once could be answered in the
 * other order and leave the server on the earlier choice; the ones passed over are not sent.
 * Never in the way: a failure only means the next change tries again.
 */
export function tellServerLanguage(language: LanguageCode): Promise<void> {
  wanted = language;
  // started after this assignment: the loop clears `sending` itself when it is done
  sending ??= Promise.resolve().then(sendWanted);
  return sending;
}

async function sendWanted(): Promise<void> {
  for (;;) {
    const language = wanted;
    wanted = null;
    if (!language) {
      sending = null;
      return;
    }
    const user = queryClient.getQueryData<User | null>(ME_KEY);
    if (!fullySignedIn(user) || user.preferredLanguage === language) continue;
    try {
      const answer = await request(authApi.setLanguage, {
        body: { language },
        on401: 'throw',
      });
      setCurrentUser(answer.user);
    } catch {
      // not now: the next change or sign-in tells it again
    }
  }
}

/** Sends the interface language once a signed-in user without a stored language is known. */
export function useLanguageSync() {
  const { user } = useSession();
  const missing = fullySignedIn(user) && !user.preferredLanguage;
  useEffect(() => {
    if (missing) void tellServerLanguage(currentLanguage());
  }, [missing]);
}
