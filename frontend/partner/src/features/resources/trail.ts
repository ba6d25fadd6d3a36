/** The Resources folder path kept in the address. Pure. */
import { RESOURCE_FOLDER_MAX_DEPTH } from '@portal/contracts/academy/files';

export interface Crumb {
  id: string;
  name: string;
}

const ID = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * The folder path lives in the address (`?path=[{id,name},…]`), so the browser's Back button
 * returns to the previous folder and a reload stays in place. Anything malformed means the root;
 * the server still checks that every folder lies inside the Resources tree.
 */
export function parseTrail(value: unknown): Crumb[] {
  let raw = value;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(raw) || raw.length > RESOURCE_FOLDER_MAX_DEPTH) return [];
  const trail: Crumb[] = [];
  for (const c of raw) {
    if (!c || typeof c !== 'object') return [];
    const { id, name } = c as Record<string, unknown>;
    if (typeof id !== 'string' || !ID.test(id) || typeof name !== 'string' || name.length > 300) return [];
    trail.push({ id, name });
  }
  return trail;
}
