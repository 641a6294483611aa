// Bundles the server into dist/server.js: one ESM file for Node 24, and the embedded database's worker
// thread into dist/pglite-worker.js beside it (decision 104). npm packages stay external (they
// are installed next to it); the @pluk/contract workspace ships TypeScript source, so it is inlined.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
rmSync(path.join(root, 'dist'), { recursive: true, force: true });

const started = Date.now();
await build({
  entryPoints: {
    server: path.join(root, 'src/server.ts'),
    'pglite-worker': path.join(root, 'src/db/pglite-worker.ts'),
  },
  outdir: path.join(root, 'dist'),
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // `packages: 'external'` would also leave the workspace package out; bundle it instead.
  plugins: [
    {
      name: 'inline-contract',
      setup(b) {
        b.onResolve({ filter: /^@pluk\/contract$/ }, () => ({
          path: path.resolve(root, '../contract/src/index.ts'),
        }));
      },
    },
  ],
  logLevel: 'warning',
});
console.log(`@pluk/server: dist/server.js and dist/pglite-worker.js built in ${Date.now() - started} ms`);
