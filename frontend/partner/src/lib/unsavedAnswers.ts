import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { useSessionPart } from './session';

/**
 * A form's answers as typed and not saved yet, kept in this tab's sessionStorage (per user and
 * form) and put back when the form is shown again. A session that ends mid-form reloads the app
 * at /login (spec 000 section 8) and the sign-in comes back to the page (`lib/returnTo.ts`); the
 * partner then finds what they had written. Dropped once saved, on sign-out, with the tab.
 */
const PREFIX = 'unsavedAnswers:';

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

function read(key: string): unknown {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function write(key: string, answers: Answers | null) {
  try {
    if (answers) sessionStorage.setItem(key, JSON.stringify(answers));
    else sessionStorage.removeItem(key);
  } catch {
    // storage unavailable or full: the form works as before, without the copy
  }
}

/**
 * `useState` for a form's answers that survives a reload of the tab until they are saved:
 * `saved` is what the server holds; the third value drops the copy (call it after a save).
 */
export function useUnsavedAnswers<T extends Answers>(
  form: string,
  saved: T,
): [T, Dispatch<SetStateAction<T>>, () => void] {
  const userId = useSessionPart((u) => u.id);
  const key = userId ? `${PREFIX}${userId}:${form}` : null;
  const [answers, setAnswers] = useState<T>(() => (key ? keptOver(saved, read(key)) : saved));
  const savedText = JSON.stringify(saved);

  useEffect(() => {
    if (key) write(key, JSON.stringify(answers) === savedText ? null : answers);
  }, [key, answers, savedText]);

  const forget = useCallback(() => key && write(key, null), [key]);
  return [answers, setAnswers, forget];
}

/** Signing out: no answer typed in this tab stays behind. */
export function forgetAllUnsavedAnswers() {
  try {
    for (let i = sessionStorage.length - 1; i >= 0; i--) {
      const key = sessionStorage.key(i);
      if (key?.startsWith(PREFIX)) sessionStorage.removeItem(key);
    }
  } catch {
    // storage unavailable: nothing was kept
  }
}
