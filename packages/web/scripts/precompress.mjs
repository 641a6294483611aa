// Writes a Brotli (.br) and gzip (.gz) twin next to every compressible file of the build, so the
// server sends them by Accept-Encoding without compressing per request (decision 045). Runs after
// `vite build` (and so after vite-plugin-pwa has written the service worker).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? 'dist';
const compressible = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this, the headers cost more than compression saves. */
const minBytes = 256;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
for (const path of files(dist)) {
  if (!compressible.test(path)) continue;
  const source = readFileSync(path);
  if (source.length < minBytes) continue;
  const br = brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  const gz = gzipSync(source, { level: 9 });
  // A twin that is not smaller is left out: the server then sends the file itself.
  if (br.length < source.length) writeFileSync(`${path}.br`, br);
  if (gz.length < source.length) writeFileSync(`${path}.gz`, gz);
  count++;
}
console.log(`precompress: ${count} files in ${dist} have .br and .gz twins`);
