import { localStorageStore, memoryStore, parseQueryFromLocation, type Store } from 'react-admin';

/**
 * react-admin opens its menu whole from 600 px wide; under 900 px (a tablet) the open menu took a
 * third of the window and the lists scrolled their columns sideways. There the menu starts as its
 * rail of icons, until the admin opens it (kept, as react-admin keeps it).
 */
const MENU_OPEN_FROM_PX = 900; // MUI's `md`, as `useNarrow`
const menuDefault = <T>(defaultValue: T) =>
  window.innerWidth < MENU_OPEN_FROM_PX ? (false as T) : defaultValue;

/** react-admin's keys for a list's selected rows: `users.selectedIds` (and `….storeKeys`) */
const isSelection = (key: string) => /\.selectedIds(\.|$)/.test(key);

/**
 * A list's parameters as its address holds them (`#/users?filter=…&sort=progress`), as
 * react-admin keeps them (its `<resource>.listParams`); null on any other page (a record's
 * `#/users/<id>?page=2`, a list's address with none).
 */
function listParamsInAddress(hash: string): [key: string, params: Record<string, unknown>] | null {
  const match = /^#\/([\w-]+)\?(.+)$/.exec(hash);
  if (!match) return null;
  const params: Record<string, unknown> = parseQueryFromLocation({ search: `?${match[2]}` });
  // numbers, as react-admin keeps them; one that is none is left to the list's default
  for (const key of ['page', 'perPage']) {
    const value = Number.parseInt(String(params[key]), 10);
    if (Number.isNaN(value)) delete params[key];
    else params[key] = value;
  }
  return [`${match[1]}.listParams`, params];
}

/**
 * react-admin's store (docs/decisions/admin.md, "Kept in the browser"): everything in
 * localStorage as react-admin's default (a list's sort, filters and page, the menu's state),
 * except the lists' selected rows, which live in this tab's memory. Kept, a reload showed rows
 * still ticked and the bulk actions ready for them, chosen who knows when (and in another tab).
 * Selections an older console left in localStorage are dropped at start.
 *
 * react-admin saves a list's sort, filters and page only once the list has rendered with them (an
 * effect after its new address is committed: 200-300 ms for the users list here, more on a
 * phone); a reload or a leave in that time lost them, and #/users then opened in the default
 * order. When the page goes, the list's parameters in its address are saved as react-admin would.
 */
export function consoleStore(): Store {
  const kept = localStorageStore();
  const memory = memoryStore();
  const storeOf = (key: string) => (isSelection(key) ? memory : kept);
  const keepListParams = () => {
    const found = listParamsInAddress(window.location.hash);
    if (found) kept.setItem(...found);
  };
  return {
    setup() {
      kept.setup();
      memory.setup();
      for (const key of Object.keys(kept.listItems?.() ?? {})) if (isSelection(key)) kept.removeItem(key);
      window.addEventListener('pagehide', keepListParams);
    },
    teardown() {
      kept.teardown();
      memory.teardown();
      window.removeEventListener('pagehide', keepListParams);
    },
    getItem: (key, defaultValue) =>
      storeOf(key).getItem(key, key === 'sidebar.open' ? menuDefault(defaultValue) : defaultValue),
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
