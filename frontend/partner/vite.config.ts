import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { antdStyles } from './build/antdStyles.ts';
import { chunkGroups } from './build/chunkGroups.ts';
import { decorativeIcons, decorativeIconsForDeps } from './build/decorativeIcons.ts';
import { landingPages } from './build/landingPages.ts';
import { pageHeroes } from './build/pageHeroes.ts';
import { paintFirst } from './build/paintFirst.ts';
import { precompress } from './build/precompress.ts';

const apiTarget = process.env.API_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
const proxy = { '/api': { target: apiTarget, changeOrigin: false } };

// The partner app: served by the API in production (dist/), by Vite in development.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    decorativeIcons(),
    antdStyles(),
    paintFirst(),
    landingPages(),
    pageHeroes(),
    precompress(),
  ],
  server: { port: 5173, strictPort: true, proxy },
  // the dev server pre-bundles the icons: the same wrapper there (build/decorativeIcons.ts)
  optimizeDeps: { rolldownOptions: { plugins: [decorativeIconsForDeps()] } },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // read by scripts/firstLoadSize.ts (and the benchmark) to sum the first-load JavaScript
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: chunkGroups },
      },
    },
  },
});
