/**
 * Brotli at its highest quality, once, at build time: next to every script and sheet of
 * `assets/` the build writes `<file>.br`, which the API sends to browsers that accept it
 * (koa-send picks the `.br` file by itself, backend/src/http/bundles.ts). On-the-fly compression
 * (koa-compress, Brotli quality 4) sent the partner app's entry as 215 KB; quality 11 makes it
 * 182 KB, and antd's sheet 32 KB instead of 44 KB: less to download before a phone on a slow
 * link shows the page. Quality 11 is too slow to run per request (~3 s for the entry).
 * Used by the partner app and the admin console.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import type { Plugin } from 'vite';

const compress = promisify(brotliCompress);
/** below this, compression saves less than a packet */
const MIN_BYTES = 1024;

export function precompress(): Plugin {
  return {
    name: 'portal-precompress',
    apply: 'build',
    // the files as written (every plugin has had its say), not as one plugin saw them
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((name) => /^assets\/.*\.(js|css)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const bytes = await readFile(path.join(dir, name));
          if (bytes.length < MIN_BYTES) return;
          const br = await compress(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          });
          await writeFile(path.join(dir, `${name}.br`), br);
        }),
      );
    },
  };
}
