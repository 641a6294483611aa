import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeLoads,
  firstLoadBudget,
  firstLoads,
  gzipSizeIn,
  overBudget,
  type Manifest,
} from '../build/first-load-budget';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const viteCli = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');

/**
 * A member's screen: every lazy screen under src/app/routes/ except the managers', the administrators' and
 * the analyst's (they open on a desktop, after a member's first load, and bring editors and charts).
 */
const isMemberScreen = (src: string) =>
  src.startsWith('src/app/routes/') &&
  !/manager|admin|analyst|internal-bank/.test(src.slice('src/app/routes/'.length));

/**
 * The screens held to the budget: the shell alone, and the screens a member's phone opens the app on
 * (decision 088: `/login`, `/`, `/tasks`). Every other member screen's first load is printed with them; the
 * market and event lists and the form screens are over 200 KB today (docs/performance.md, Web, round 12).
 */
const budgetedScreens = [
  'index.html',
  'src/app/routes/auth/login.tsx',
  'src/app/routes/home.tsx',
  'src/app/routes/tasks/tasks-list.tsx',
];

describe('the first-load budget check (decision 088)', () => {
  const manifest: Manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_shared.js'],
      css: ['assets/index.css'],
    },
    '_shared.js': { file: 'assets/shared.js' },
    'src/app/routes/home.tsx': {
      file: 'assets/home.js',
      src: 'src/app/routes/home.tsx',
      isDynamicEntry: true,
    },
    'src/app/routes/tasks/tasks-list.tsx': {
      file: 'assets/tasks.js',
      src: 'src/app/routes/tasks/tasks-list.tsx',
      isDynamicEntry: true,
      imports: ['_shared.js', '_grid.js'],
      css: ['assets/tasks.css'],
    },
    '_grid.js': { file: 'assets/grid.js', css: ['assets/grid.css'] },
  };
  const sizes: Record<string, number> = {
    'early-boot.js': 1_000,
    'assets/index.js': 120_000,
    'assets/shared.js': 30_000,
    'assets/home.js': 10_000,
    'assets/tasks.js': 20_000,
    'assets/grid.js': 40_000,
    'assets/index.css': 20_000,
    'assets/tasks.css': 2_000,
    'assets/grid.css': 5_000,
  };
  const loads = firstLoads(manifest, (file) => sizes[file]!, isMemberScreen, ['early-boot.js']);

  it("counts the shell, the screen's chunk with what it imports, and their stylesheets, each file once", () => {
    const tasks = loads.find((load) => load.screen === 'src/app/routes/tasks/tasks-list.tsx')!;
    expect(tasks.js.map(({ file }) => file).sort()).toEqual(
      ['assets/grid.js', 'assets/index.js', 'assets/shared.js', 'assets/tasks.js', 'early-boot.js'].sort(),
    );
    expect(tasks.css.map(({ file }) => file).sort()).toEqual(
      ['assets/grid.css', 'assets/index.css', 'assets/tasks.css'].sort(),
    );
    expect(loads.map((load) => load.screen)).toEqual([
      'index.html',
      'src/app/routes/home.tsx',
      'src/app/routes/tasks/tasks-list.tsx',
    ]);
  });

  it('names the screen over budget and its biggest chunks', () => {
    expect(overBudget(loads)).toEqual([
      expect.stringMatching(
        /^src\/app\/routes\/tasks\/tasks-list\.tsx: JavaScript of the first load 206\.1 KB gzip > 200 KB \(biggest: assets\/index\.js 117\.2 KB, assets\/grid\.js 39\.1 KB, assets\/shared\.js 29\.3 KB\)$/,
      ),
      expect.stringMatching(
        /^src\/app\/routes\/tasks\/tasks-list\.tsx: CSS of the first load 26\.4 KB gzip > 25 KB/,
      ),
    ]);
    expect(overBudget(loads, { jsKb: 300, cssKb: 30 })).toEqual([]);
  });
});

/**
 * The real build, made once here into a folder of its own (about a minute on two cores): `npm test` on a
 * fresh clone has no build, and the e2e journeys' and the bench's `dist/` is left alone.
 */
describe('every member screen’s first load, on the real build (decision 088)', () => {
  let dist = '';
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'pluk-web-budget-'));
    // In a process of its own: the tests' environment (jsdom, NODE_ENV=test) is not a build's.
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
    delete env.VITEST;
    await promisify(execFile)(
      process.execPath,
      [viteCli, 'build', '--outDir', dist, '--emptyOutDir', '--manifest', '--logLevel', 'error'],
      { cwd: webRoot, env, maxBuffer: 16 * 1024 * 1024 },
    );
  }, 240_000);
  afterAll(() => {
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it(`stays within ${firstLoadBudget.jsKb} KB of JavaScript and ${firstLoadBudget.cssKb} KB of CSS (gzip)`, () => {
    const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
    const loads = firstLoads(manifest, gzipSizeIn(dist), isMemberScreen, ['early-boot.js']);
    console.log(`first loads (gzip):\n${describeLoads(loads)}`);
    const budgeted = loads.filter((load) => budgetedScreens.includes(load.screen));
    expect(budgeted.map((load) => load.screen).sort()).toEqual([...budgetedScreens].sort());
    expect(overBudget(budgeted)).toEqual([]);
  });

  it('ships React DOM 19, not another renderer', async () => {
    const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
    const entry = readFileSync(join(dist, manifest['index.html']!.file), 'utf8');
    const { version } = (await import('react-dom')) as { version: string };
    expect(version).toMatch(/^19\./);
    // React DOM's client checks that React is of its own version: its version string is in the entry.
    expect(entry).toContain(`"${version}"`);
    expect(entry).not.toMatch(/preact/i);
    expect(existsSync(join(dist, 'early-boot.js'))).toBe(true);
  });
});
