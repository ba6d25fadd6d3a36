import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
// the partner app's build step, shared: the static app bar is painted before the console's code runs
import { paintFirst } from '../partner/build/paintFirst.ts';
import { precompress } from '../partner/build/precompress.ts';
// and its chunking: the first load in one file instead of 19
import { firstLoadChunk } from '../partner/build/chunkGroups.ts';

const apiTarget = process.env.API_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
const proxy = { '/api': { target: apiTarget, changeOrigin: false } };

// react-router's package exports only its development build (its dev warnings on: every
// <Routes> render builds their messages); the production build beside it, for the bundle
const reactRouter = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);
const productionBuilds = [
  { find: /^react-router$/, replacement: `${reactRouter}/index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${reactRouter}/dom-export.mjs` },
];

// The first load in four chunks, each evaluated in a task of its own (build/paintFirst.ts):
// React and small helpers, MUI and emotion, react-admin and what it brings, then the console.
// Each imports only the ones before it.
const reactAdmin =
  /node_modules[\\/](ra-[^\\/]+|react-admin|react-router(-dom)?|@tanstack|react-hook-form|react-hotkeys-hook|react-error-boundary|inflection|jsonexport|node-polyglot|query-string|eventemitter3)[\\/]/;
const mui = /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group|stylis)[\\/]/;
const layer = (name: string, test: (id: string) => boolean) => ({ name, test, tags: ['$initial' as const] });
const firstLoadLayers = [
  layer('react', (id) => /node_modules[\\/]/.test(id) && !mui.test(id) && !reactAdmin.test(id)),
  layer('mui', (id) => mui.test(id)),
  layer('react-admin', (id) => reactAdmin.test(id)),
];

// The react-admin console: its own bundle, served by the API under /admin/ to admins only.
export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/admin/',
  plugins: [react(), paintFirst(), precompress()],
  resolve: { alias: command === 'build' ? productionBuilds : [] },
  server: { port: 5174, strictPort: true, proxy },
  preview: { port: 4174, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2000,
    rolldownOptions: { output: { codeSplitting: { groups: [...firstLoadLayers, firstLoadChunk] } } },
  },
}));
