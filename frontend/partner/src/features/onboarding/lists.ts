/**
 * Step 3 list editing as a sequence of operations. The app keeps the operations not yet
 * confirmed by the server and shows them applied on top of the last lists the server
 * answered. When a save turns out stale (409), the same operations are applied again to the
 * fresh lists, so an entry added in another tab and one added here both survive.
 */
export interface Entry {
  id: string;
  name: string;
  note?: string;
}

export type ListName = 'customerList' | 'partnerList';

export interface Lists {
  customerList: Entry[];
  partnerList: Entry[];
}

export type ListOp =
  | { kind: 'add'; list: ListName; entry: Entry }
  | { kind: 'edit'; list: ListName; id: string; name: string; note: string }
  | { kind: 'delete'; list: ListName; id: string }
  /** undo of a delete: the entry back at its place */
  | { kind: 'restore'; list: ListName; entry: Entry; index: number };

/** Applies one operation; one whose entry is gone (deleted elsewhere) changes nothing. */
function applyOp(lists: Lists, op: ListOp): Lists {
  const list = lists[op.list];
  let next: Entry[] = list;
  switch (op.kind) {
    case 'add':
      // new entries go first; an entry already there (the save did arrive) is not added twice
      next = list.some((e) => e.id === op.entry.id) ? list : [op.entry, ...list];
      break;
    case 'edit': {
      const name = op.name.trim();
      const note = op.note.trim();
      if (!name) return lists;
      next = list.map((e) => (e.id === op.id ? (note ? { id: e.id, name, note } : { id: e.id, name }) : e));
      break;
    }
    case 'delete':
      next = list.filter((e) => e.id !== op.id);
      break;
    case 'restore':
      next = list.some((e) => e.id === op.entry.id)
        ? list
        : [...list.slice(0, op.index), op.entry, ...list.slice(op.index)];
      break;
  }
  return next === list ? lists : { ...lists, [op.list]: next };
}

export const applyOps = (lists: Lists, ops: readonly ListOp[]): Lists => ops.reduce(applyOp, lists);

const LIST_NAMES: readonly unknown[] = ['customerList', 'partnerList'] satisfies ListName[];
const isText = (value: unknown) => typeof value === 'string';
const isEntry = (value: unknown): value is Entry => {
  const entry = value as Partial<Entry> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    isText(entry.id) &&
    isText(entry.name) &&
    (entry.note === undefined || isText(entry.note))
  );
};
function isListOp(value: unknown): value is ListOp {
  const op = value as Record<string, unknown> | null;
  if (typeof op !== 'object' || op === null || !LIST_NAMES.includes(op.list)) return false;
  switch (op.kind) {
    case 'add':
      return isEntry(op.entry);
    case 'edit':
      return isText(op.id) && isText(op.name) && isText(op.note);
    case 'delete':
      return isText(op.id);
    case 'restore':
      return isEntry(op.entry) && Number.isInteger(op.index);
    default:
      return false;
  }
}

/**
 * Operations read back from where the app kept them (this tab's storage): all of them when each
 * has the shape the app writes, none otherwise (a list is never changed by half a copy). A zod
 * schema would pull zod into the onboarding page's bundle for these few lines.
 */
export const listOpsFrom = (value: unknown): ListOp[] =>
  Array.isArray(value) && value.every(isListOp) ? value : [];

/** A new entry from what was typed: trimmed, or null when blank. */
export function newEntry(name: string, id: string = newId()): Entry | null {
  const trimmed = name.trim();
  return trimmed ? { id, name: trimmed } : null;
}

function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The text put on the clipboard by "copy list": one line per person, with the note after a dash. */
export const listAsText = (list: readonly Entry[]) =>
  list.map((e, i) => `${i + 1}. ${e.name}${e.note ? ` - ${e.note}` : ''}`).join('\n');
