import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The first-load budget (decision 088): the gzip bytes of every script and stylesheet a phone fetches on its
 * first visit to a screen, checked in `npm test` on a real build (test/first-load-budget.test.ts). Bytes,
 * unlike Lighthouse's timings, do not move with the machine, so a change that makes a screen's first load
 * heavier fails there, with the screen and the chunk that grew. Lighthouse stays in `npm run bench:web`.
 */
export const firstLoadBudget = { jsKb: 200, cssKb: 25 };

/** One entry of Vite's `.vite/manifest.json` (the fields this check reads). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface LoadedFile {
  file: string;
  /** gzip bytes (level 9, as `npm run bench:web` counts them). */
  bytes: number;
}

export interface FirstLoad {
  /** The lazy screen module (its path under the web package), or `index.html` for the shell alone. */
  screen: string;
  js: LoadedFile[];
  css: LoadedFile[];
}

/** Every manifest key a chunk loads with it: itself and its static imports, transitively. */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

/**
 * What the first load of each lazy screen fetches: `index.html`'s entry and its static imports, the
 * scripts beside it (`extraScripts`: `early-boot.js`), the screen's chunk with its static imports, and the
 * stylesheets of all of them. A screen is a dynamic entry whose source matches `isScreen`.
 */
export function firstLoads(
  manifest: Manifest,
  sizeOf: (file: string) => number,
  isScreen: (src: string) => boolean,
  extraScripts: string[] = [],
): FirstLoad[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const shell = closure(manifest, entries);
  const loadOf = (screen: string, keys: Set<string>): FirstLoad => {
    const js = [...new Set([...extraScripts, ...[...keys].map((key) => manifest[key]!.file)])];
    const css = [...new Set([...keys].flatMap((key) => manifest[key]!.css ?? []))];
    const sized = (file: string) => ({ file, bytes: sizeOf(file) });
    return { screen, js: js.map(sized), css: css.map(sized) };
  };
  const loads = [loadOf('index.html', shell)];
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry || !chunk.src || !isScreen(chunk.src)) continue;
    loads.push(loadOf(chunk.src, new Set([...shell, ...closure(manifest, [key])])));
  }
  return loads;
}

const kb = (bytes: number) => bytes / 1024;
const total = (files: LoadedFile[]) => files.reduce((sum, { bytes }) => sum + bytes, 0);

/** One line per screen over budget: the screen, its total, and its biggest files (the likely growth). */
export function overBudget(loads: FirstLoad[], budget = firstLoadBudget): string[] {
  const problems: string[] = [];
  for (const load of loads) {
    for (const [kind, files, limit] of [
      ['JavaScript', load.js, budget.jsKb],
      ['CSS', load.css, budget.cssKb],
    ] as const) {
      const sum = kb(total(files));
      if (sum <= limit) continue;
      const biggest = [...files]
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, 3)
        .map(({ file, bytes }) => `${file} ${kb(bytes).toFixed(1)} KB`)
        .join(', ');
      problems.push(
        `${load.screen}: ${kind} of the first load ${sum.toFixed(1)} KB gzip > ${limit} KB (biggest: ${biggest})`,
      );
    }
  }
  return problems;
}

/** A table of every screen's first load, for the test's output. */
export function describeLoads(loads: FirstLoad[]): string {
  return loads
    .map(
      (load) =>
        `${kb(total(load.js)).toFixed(1).padStart(6)} KB JS ${kb(total(load.css)).toFixed(1).padStart(5)} KB CSS  ${load.screen}`,
    )
    .join('\n');
}

/** The gzip size of a built file. */
export function gzipSizeIn(dist: string): (file: string) => number {
  return (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
}
