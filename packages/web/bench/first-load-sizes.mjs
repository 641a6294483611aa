// What is in a built chunk, by package: node packages/web/bench/first-load-sizes.mjs <dist> [chunk…]
// Needs a build with source maps (`npx vite build --sourcemap --outDir <dist>`). Without chunk names
// it reads the entry script of <dist>/index.html and the chunks it preloads. Per package it prints the
// minified bytes and the gzip size of those bytes compressed alone (a sum of parts, so a little above
// the gzip of the whole chunk, which is printed too).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';

const [dist, ...named] = process.argv.slice(2);
if (!dist) {
  console.error('usage: first-load-sizes.mjs <dist> [assets/chunk.js …]');
  process.exit(2);
}
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const chunks = named.length
  ? named
  : [
      ...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g),
      ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
    ].map((m) => m[1]);

const gz = (s) => gzipSync(Buffer.from(s), { level: 9 }).length;
const packageOf = (source) => {
  const nm = source.lastIndexOf('node_modules/');
  if (nm === -1) {
    const m = source.match(/packages\/(web|contract)\/src\/(.*?)\/[^/]*$/) ?? source.match(/(locales)\//);
    return m
      ? m[1] === 'locales'
        ? 'app: locales'
        : `app: ${m[1]}/${m[2].split('/').slice(0, 2).join('/')}`
      : `app: ${source}`;
  }
  const rest = source.slice(nm + 'node_modules/'.length).split('/');
  return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
};

let total = 0;
for (const chunk of chunks) {
  const code = readFileSync(join(dist, chunk), 'utf8');
  const map = new SourceMapConsumer(JSON.parse(readFileSync(join(dist, `${chunk}.map`), 'utf8')));
  const lines = code.split('\n');
  const parts = new Map();
  const mappings = [];
  map.eachMapping((m) => mappings.push(m));
  for (let i = 0; i < mappings.length; i++) {
    const m = mappings[i];
    const next = mappings[i + 1];
    const line = lines[m.generatedLine - 1] ?? '';
    const end = next && next.generatedLine === m.generatedLine ? next.generatedColumn : line.length;
    const text = line.slice(m.generatedColumn, end);
    const key = m.source ? packageOf(m.source) : '(unmapped)';
    parts.set(key, (parts.get(key) ?? '') + text);
  }
  const whole = gz(code);
  total += whole;
  console.log(`\n${chunk}: ${(code.length / 1024).toFixed(1)} KB, ${(whole / 1024).toFixed(1)} KB gzip`);
  const rows = [...parts].map(([k, s]) => [k, s.length, gz(s)]).sort((a, b) => b[2] - a[2]);
  for (const [k, raw, g] of rows.slice(0, 40))
    console.log(
      `  ${(g / 1024).toFixed(1).padStart(6)} KB gzip ${(raw / 1024).toFixed(1).padStart(7)} KB  ${k}`,
    );
}
console.log(`\ntotal gzip of the chunks: ${(total / 1024).toFixed(1)} KB`);
