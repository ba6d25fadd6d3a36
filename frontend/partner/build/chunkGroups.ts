/**
 * How the build cuts the partner app into chunks. Rolldown's default makes a chunk of every
 * set of modules shared by a different set of routes: the first load was 26 files, most of
 * them 1-2 KB, each a request (a round trip on a slow phone link, six at a time over HTTP/1.1).
 * So everything the entry imports statically (the code every first load runs anyway) is one
 * chunk, and es and fr texts (loaded on demand, src/lib/i18n.ts) are one chunk per language,
 * not one per file. What loads lazily stays lazy; the first download keeps its size.
 * (One chunk for all the icons the routes use was tried: 18 KB gzip where a route needs 1-3 KB.)
 */
import type { Rolldown } from 'vite';

type CodeSplittingGroup = Rolldown.CodeSplittingGroup;

type ModuleInfoOf = (id: string) => { isEntry: boolean; importers: readonly string[] } | null;

const entryGraph = new Map<string, boolean>();

/**
 * The icons' index re-exports every icon: the build keeps only the icons a chunk uses, so an
 * edge through it says nothing about what the entry needs.
 */
const isBarrel = (id: string) => /[\\/]@ant-design[\\/]icons[\\/]es[\\/]index\.js$/.test(id);

/** whether the entry (index.html's main.tsx) reaches `id` through static imports only */
function inEntryGraph(id: string, info: ModuleInfoOf, seen = new Set<string>()): boolean {
  const known = entryGraph.get(id);
  if (known !== undefined) return known;
  if (seen.has(id)) return false;
  seen.add(id);
  const module = info(id);
  const reached =
    !!module && (module.isEntry || module.importers.some((i) => !isBarrel(i) && inEntryGraph(i, info, seen)));
  // a cycle answers false on its way back: cache only what is certain
  if (reached || seen.size === 1) entryGraph.set(id, reached);
  return reached;
}

/** Everything the entry imports statically: one chunk (also used by the admin console's build). */
export const firstLoadChunk: CodeSplittingGroup = {
  name: (id, ctx) => (inEntryGraph(id, (m) => ctx.getModuleInfo(m)) ? 'app' : null),
};

export const chunkGroups: CodeSplittingGroup[] = [
  { name: (id) => /\/locales\/(es|fr)\//.exec(id)?.[1]?.replace(/^/, 'locale-') ?? null },
  firstLoadChunk,
];
