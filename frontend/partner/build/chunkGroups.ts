/**
 * How the build cuts the partner app into chunks. Rolldown's default makes a chunk of every
 * set of modules shared by a different set of routes: the first load was 26 files, most of
 * them 1-2 KB, each a request (a round trip on a slow phone link, six at a time over HTTP/1.1).
 * So everything the entry needs statically (the code every first load runs anyway) is one
 * chunk, and es and fr texts (loaded on demand, src/lib/i18n.ts) are one chunk per language,
 * not one per file. What loads lazily stays lazy; the first download keeps its size.
 * (One chunk for all the icons the routes use was tried: 18 KB gzip where a route needs 1-3 KB.)
 */
import type { Rolldown } from 'vite';

type CodeSplittingGroup = Rolldown.CodeSplittingGroup;

/**
 * Everything the entry needs statically: one chunk (also used by the admin console's build).
 * Rolldown's `$initial` tag is its own static graph of the entry, followed through re-exports
 * to the module that defines what is imported: an index that re-exports a whole library
 * (react-admin's, MUI's, the icons') brings only what the entry uses, not what only a lazy
 * page imports through it.
 */
export const firstLoadChunk: CodeSplittingGroup = { name: 'app', tags: ['$initial'] };

export const chunkGroups: CodeSplittingGroup[] = [
  {
    name: (id) => /\/locales\/(es|fr)\//.exec(id)?.[1]?.replace(/^/, 'locale-') ?? null,
    debugName: 'locales',
  },
  firstLoadChunk,
];
