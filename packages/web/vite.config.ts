/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
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
    // Preact with its React compatibility layer in place of React DOM (decision 068): the code and
    // every library keep importing `react`; the first load is ~60 KB gzip lighter.
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
    ],
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
    rollupOptions: {
      // Mantine per component and the icons per icon make dozens of chunks under 1 KB; each is a
      // request, and on a phone's round trips the first screen waits for the last of them. Rollup
      // merges a chunk this small into one loaded with it when no screen would run code it did not
      // before (decision 068); build/chunk-boundaries.ts lets it merge the icons and keeps screens apart
      // (decision 073).
      output: { experimentalMinChunkSize: 8_000 },
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
    // The tests render with what ships, Preact (decision 068): Vite's aliases above serve our own
    // files; the libraries Node loads get the same through a resolve hook in every test worker.
    poolOptions: {
      forks: {
        execArgv: ['--import', fileURLToPath(new URL('./test/react-is-preact.mjs', import.meta.url))],
      },
    },
    // Room for the slower `findBy…` above on a loaded machine (Vitest's default is 5 s).
    testTimeout: 20_000,
  },
});
