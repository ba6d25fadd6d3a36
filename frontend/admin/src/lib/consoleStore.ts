import { localStorageStore, memoryStore, type Store } from 'react-admin';

/** react-admin's keys for a list's selected rows: `users.selectedIds` (and `….storeKeys`) */
const isSelection = (key: string) => /\.selectedIds(\.|$)/.test(key);

/**
 * react-admin's store (docs/decisions/admin.md, "Kept in the browser"): everything in
 * localStorage as react-admin's default (a list's sort, filters and page, the menu's state),
 * except the lists' selected rows, which live in this tab's memory. Kept, a reload showed rows
 * still ticked and the bulk actions ready for them, chosen who knows when (and in another tab).
 * Selections an older console left in localStorage are dropped at start.
 */
export function consoleStore(): Store {
  const kept = localStorageStore();
  const memory = memoryStore();
  const storeOf = (key: string) => (isSelection(key) ? memory : kept);
  return {
    setup() {
      kept.setup();
      memory.setup();
      for (const key of Object.keys(kept.listItems?.() ?? {})) if (isSelection(key)) kept.removeItem(key);
    },
    teardown() {
      kept.teardown();
      memory.teardown();
    },
    getItem: (key, defaultValue) => storeOf(key).getItem(key, defaultValue),
    setItem: (key, value) => storeOf(key).setItem(key, value),
    removeItem: (key) => storeOf(key).removeItem(key),
    removeItems(keyPrefix) {
      kept.removeItems(keyPrefix);
      memory.removeItems(keyPrefix);
    },
    reset() {
      kept.reset();
      memory.reset();
    },
    subscribe: (key, callback) => storeOf(key).subscribe(key, callback),
    listItems: (keyPrefix) => ({ ...kept.listItems?.(keyPrefix), ...memory.listItems?.(keyPrefix) }),
  };
}
