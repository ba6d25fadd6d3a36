import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { useSessionPart } from './session';
import { forgetTabKeys, readTabJson, writeTabJson } from '../../../shared/tabStorage';
import { isLeavingOnPurpose } from '../../../shared/leave';

/**
 * A form's answers as typed and not saved yet, kept in this tab's sessionStorage (per user and
 * form) and put back when the form is shown again. A session that ends mid-form reloads the app
 * at /login (spec 000 section 8) and the sign-in comes back to the page (`lib/returnTo.ts`); the
 * partner then finds what they had written. Dropped once saved, on sign-out, with the tab.
 */
const PREFIX = 'unsavedAnswers:';

/** Where a form's unsaved changes by this user are kept in this tab (forgotten on sign-out). */
export const unsavedKey = (userId: string, form: string) => `${PREFIX}${userId}:${form}`;

/**
 * Keeps (or, with null, forgets) a form's unsaved changes under `key`. Nothing is written once
 * the app has started one of its own leaves: after a sign-out has forgotten every copy, a save
 * answering late must not write one back.
 */
export function keepInTab(key: string, value: unknown) {
  if (!isLeavingOnPurpose()) writeTabJson(key, value);
}

type Answers = Record<string, string | boolean | null | undefined>;

/** The kept answers, only the form's own fields with the type they have in `saved`. */
export function keptOver<T extends Answers>(saved: T, kept: unknown): T {
  if (!kept || typeof kept !== 'object') return saved;
  const merged: Answers = { ...saved };
  for (const [name, value] of Object.entries(kept as Answers)) {
    if (name in saved && typeof value === typeof (saved[name] ?? '')) merged[name] = value;
  }
  return merged as T;
}

/**
 * `useState` for a form's answers that survives a reload of the tab until they are saved:
 * `saved` is what the server holds; the third value drops the copy (call it after a save); the
 * fourth says that the first answers came from a kept copy (a form behind an Edit button opens).
 * Only answers the partner changed are kept: not those of a form shown read-only nor those just
 * saved (while `saved` may still show the old answer), and not once set back to `saved`.
 */
export function useUnsavedAnswers<T extends Answers>(
  form: string,
  saved: T,
): [T, Dispatch<SetStateAction<T>>, () => void, boolean] {
  const userId = useSessionPart((u) => u.id);
  const key = userId ? unsavedKey(userId, form) : null;
  const savedText = JSON.stringify(saved);
  const [first] = useState(() => {
    const answers = key ? keptOver(saved, readTabJson(key)) : saved;
    return { answers, restored: JSON.stringify(answers) !== savedText };
  });
  const [answers, setAnswers] = useState<T>(first.answers);
  const [changed, setChanged] = useState(first.restored);

  useEffect(() => {
    if (key) keepInTab(key, changed && JSON.stringify(answers) !== savedText ? answers : null);
  }, [key, answers, savedText, changed]);

  const change = useCallback<Dispatch<SetStateAction<T>>>((next) => {
    setChanged(true);
    setAnswers(next);
  }, []);
  const forget = useCallback(() => {
    if (key) keepInTab(key, null); // now: the form may be gone before the next render
    setChanged(false);
  }, [key]);
  return [answers, change, forget, first.restored];
}

/** Signing out: no answer typed in this tab stays behind. */
export function forgetAllUnsavedAnswers() {
  forgetTabKeys(PREFIX);
}
