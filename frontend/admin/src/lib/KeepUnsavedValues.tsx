import { useEffect, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useGetIdentity, useRecordContext, useResourceContext } from 'react-admin';
import { forgetTabKeys, readTabJson, writeTabJson } from '../../../shared/tabStorage';

/**
 * The values an admin typed in an edit form and has not saved, kept in this tab's sessionStorage
 * while the session ends under them (a 401 sends them to sign in again, returnTo.ts): back on the
 * page they are in the form again, unsaved (react-admin's own AutoPersistInStore is in its paid
 * edition; this does what it does, with react-hook-form's `reset` and `keepDefaultValues`, as
 * react-admin puts a record from the address into a form). One entry per signed-in admin,
 * resource and record; it is dropped once the record holds those values (saved) or the admin
 * has put the form back as it was, and on sign-out (`dropUnsavedValues`). Leaving the form inside
 * the console (a menu item, a link, back) drops them too: the form unmounts, its cleanup runs, and
 * values abandoned that way do not come back later as unsaved (the form's `warnWhenUnsavedChanges`
 * asks first). A full-page leave (the 401 path's `location.assign`, a reload) runs no cleanup, so
 * the values survive the session's end. Storage the browser refuses (private mode, full) keeps
 * nothing: the values are lost with the session, as before (`frontend/shared/tabStorage.ts`).
 */
const PREFIX = 'console.unsaved:';

type Values = Record<string, unknown>;

/** The values kept under `key`, or null (none, no storage, or not an object). */
const read = (key: string): Values | null => {
  const kept = readTabJson(key);
  return kept && typeof kept === 'object' ? (kept as Values) : null;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields whose value differs from the record's, or null when none does. */
const changedFrom = (record: Values, values: Values): Values | null => {
  const changed = Object.fromEntries(Object.entries(values).filter(([k, v]) => !same(v, record[k])));
  return Object.keys(changed).length ? changed : null;
};

/** Forgets every form's unsaved values (signing out). */
export function dropUnsavedValues(): void {
  forgetTabKeys(PREFIX);
}

/** Put inside an edit page's form (SimpleForm); renders nothing. A create form has no record: no-op. */
export function KeepUnsavedValues() {
  const { identity } = useGetIdentity();
  const resource = useResourceContext();
  const record = useRecordContext<Values & { id: string | number }>();
  const { reset, getValues, watch } = useFormContext();
  // react-admin's form sets its values from the record in an effect of its own, which runs after
  // this component's first effects: putting values back waits for the next render
  const [started, setStarted] = useState(false);
  useEffect(() => setStarted(true), []);
  const key = identity && resource && record ? `${PREFIX}${identity.id}:${resource}:${record.id}` : null;
  const restored = useRef<string | null>(null);

  // put back what was kept (once per page), as changes of the record shown
  useEffect(() => {
    if (!key || !record || !started || restored.current === key) return;
    restored.current = key;
    const kept = read(key);
    const changed = kept && changedFrom(record, kept);
    if (changed) reset({ ...getValues(), ...changed }, { keepDefaultValues: true });
    else writeTabJson(key, null); // saved meanwhile (or nothing left to put back)
  }, [key, record, started, reset, getValues]);

  // keep each change; once the record holds the kept values (after a save), drop them
  useEffect(() => {
    if (!key || !record || !started || restored.current !== key) return;
    writeTabJson(key, changedFrom(record, getValues()));
    const subscription = watch((values) => writeTabJson(key, changedFrom(record, values as Values)));
    return () => subscription.unsubscribe();
  }, [key, record, started, watch, getValues]);

  // leaving the form inside the console (unmount, or another record in the same form): forget
  useEffect(() => {
    if (!key) return;
    return () => writeTabJson(key, null);
  }, [key]);

  return null;
}
