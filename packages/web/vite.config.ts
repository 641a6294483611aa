/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkBoundaries } from './build/chunk-boundaries';
import { compileHints } from './build/compile-hints';
import { contractForBrowser } from './build/contract-for-browser';
import { localeNamespaces } from './build/locale-namespaces';
import { routePreloads } from './build/route-preloads';

// Web tests run on one fixed clock, the farm's: set here, before Vitest starts its workers, so every
// date formatter (lib/dates.ts) reads it from the start. Dates in tests carry their own offset.
if (process.env.VITEST) process.env.TZ = 'Europe/Brussels';

export default defineConfig({
  resolve: {
    conditions: ['source'],
  },
  plugins: [
    contractForBrowser(),
    localeNamespaces(),
    chunkBoundaries(),
    routePreloads(),
    compileHints(),
    react(),
    VitePWA({
      // The spec puts the worker at /service-worker.js; a new version waits for the member's UPDATE.
      filename: 'service-worker.js',
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['icon.svg'],
      // The server serves /manifest.webmanifest per farm (its own name and colours): see index.html.
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        navigateFallback: '/index.html',
        // API answers are never served from the worker: they are per user and per app.
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        // Web push: showing a notification and opening its link on a tap (public/push-handler.js).
        importScripts: ['push-handler.js'],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    // .vite/manifest.json: what each screen's first load fetches, for the budget (build/first-load-budget.ts).
    manifest: true,
    rollupOptions: {
      // Mantine per component and the icons per icon make dozens of chunks under 1 KB; each is a
      // request. Rollup merges a chunk into one loaded with it only where no entry loads more code for it
      // (`1`): with a larger size it also merged small chunks free of effects (the contract's schemas, zod)
      // into the entry, 25 KB gzip of every first load (decision 088). build/chunk-boundaries.ts lets it
      // merge the icons and keeps screens and lazily imported modules apart (decisions 073, 088).
      output: { experimentalMinChunkSize: 1 },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/manifest.webmanifest': 'http://localhost:3000' },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // Room for the slower `findBy…` above on a loaded machine (Vitest's default is 5 s).
    testTimeout: 20_000,
  },
});
