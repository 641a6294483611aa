// `npm run bench:web`: what a phone gets on its first visit to the member routes (decision 045).
// Builds what is not built, starts the built server on a random port with a fresh DATA_DIR
// (embedded database, demo seed), then per route runs Lighthouse (mobile, simulated throttling) in
// Debian's Chromium and prints the JavaScript and CSS of the first load (gzip) and the scores.
// Bounded: every step has a timeout, and the server and browsers it started are stopped at the end.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
/** The whole run stops after this, whatever happens. */
const overallTimeoutMs = 10 * 60_000;
const demoMember = { username: 'lid', password: 'pluk-demo' };
const routes = [
  { path: '/login', member: false },
  { path: '/', member: true },
  { path: '/tasks', member: true },
];
// Decision 088: the first-load bytes are also checked in `npm test` (test/first-load-budget.test.ts).
const targets = { jsKb: 200, cssKb: 25, performance: 95, accessibility: 100, bestPractices: 100 };

const cleanups = [];
async function cleanUp() {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()();
    } catch {
      // Best effort: the rest still gets stopped.
    }
  }
}
const deadline = setTimeout(() => {
  console.error(`bench:web: stopped after ${overallTimeoutMs / 60_000} minutes`);
  void cleanUp().finally(() => process.exit(1));
}, overallTimeoutMs);
deadline.unref();
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => void cleanUp().finally(() => process.exit(130)));

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'pluk-bench-web-'));
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.SEED_DEMO;
  const child = spawn(process.execPath, ['packages/server/dist/server.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  cleanups.push(async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((done) => {
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          done();
        });
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  });
  const origin = `http://127.0.0.1:${port}`;
  const startedBy = Date.now() + 90_000;
  while (Date.now() < startedBy) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode})`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return origin;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error('the server did not start within 90 s');
}

async function login(origin) {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoMember),
  });
  if (!response.ok) throw new Error(`demo login failed: ${response.status} ${await response.text()}`);
  const { token, refreshToken } = await response.json();
  return { token, refreshToken };
}

/** The gzip size of a file as the server sends it to a browser that accepts only gzip. */
async function gzipBytes(url) {
  const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
  const body = Buffer.from(await response.arrayBuffer());
  // fetch inflates what it receives: the size on the wire is that of the .gz twin (or the same
  // bytes compressed here when the server had none).
  return gzipSync(body, { level: 9 }).length;
}

async function measure(origin, route, tokens) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags, logLevel: 'silent' });
  cleanups.push(() => chrome.kill());
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const page = await browser.newPage();
    if (tokens) {
      // The session goes where the app reads it (lib/store.ts), set from a page of the same origin
      // that loads none of the app's files, so the first load below still starts with a cold cache.
      await page.goto(`${origin}/api/health`);
      const stored = JSON.stringify({
        state: {
          auth: { token: tokens.token, refreshToken: tokens.refreshToken, loggedIn: true },
          front: {},
          applicationManager: {},
          admin: { impersonating: null },
          analyst: {},
        },
        version: 1,
      });
      await page.evaluate((value) => localStorage.setItem('pluk_app_store', value), stored);
    }
    const result = await lighthouse(
      `${origin}${route.path}`,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        // Keeps the session set above; the browser is new, so its cache is empty anyway.
        disableStorageReset: true,
        maxWaitForLoad: 60_000,
      },
      undefined,
      page,
    );
    const lhr = result.lhr;
    // BENCH_WEB_REPORTS=<folder> keeps each route's whole Lighthouse report, to see where time went.
    if (process.env.BENCH_WEB_REPORTS) {
      mkdirSync(process.env.BENCH_WEB_REPORTS, { recursive: true });
      const name = route.path === '/' ? 'home' : route.path.replace(/\W+/g, '');
      writeFileSync(join(process.env.BENCH_WEB_REPORTS, `${name}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`${route.path}: ${lhr.runtimeError.message}`);
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    if (finalPath !== route.path) throw new Error(`${route.path} ended on ${finalPath}: not signed in?`);
    const requests = lhr.audits['network-requests'].details.items;
    const bytes = { js: 0, css: 0, jsTransferred: 0, cssTransferred: 0 };
    for (const request of requests) {
      const kind =
        request.resourceType === 'Script' ? 'js' : request.resourceType === 'Stylesheet' ? 'css' : null;
      if (!kind || !request.url.startsWith(origin)) continue;
      bytes[kind] += await gzipBytes(request.url);
      bytes[`${kind}Transferred`] += request.transferSize ?? 0;
    }
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const ms = (id) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      route: route.path,
      jsKb: bytes.js / 1024,
      cssKb: bytes.css / 1024,
      transferredKb: (bytes.jsTransferred + bytes.cssTransferred) / 1024,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcp: ms('first-contentful-paint'),
      lcp: ms('largest-contentful-paint'),
      tbt: ms('total-blocking-time'),
      failed: [
        ...['performance', 'accessibility', 'best-practices'].flatMap((id) =>
          lhr.categories[id].auditRefs
            .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1)
            .map((ref) => {
              const audit = lhr.audits[ref.id];
              const where = (audit.details?.items ?? [])
                .slice(0, 3)
                .map((item) => item.node?.snippet ?? item.description ?? item.url ?? '')
                .filter(Boolean);
              return `${id}: ${ref.id} (${audit.displayValue ?? audit.score})${where.map((w) => `\n      ${String(w).slice(0, 160)}`).join('')}`;
            }),
        ),
      ],
    };
  } finally {
    await browser.disconnect();
    await chrome.kill();
  }
}

function print(results) {
  const pad = (value, width) => String(value).padStart(width);
  const seconds = (value) => `${(value / 1000).toFixed(1)} s`;
  console.log('\nroute    JS gzip KB  CSS gzip KB  sent KB  perf  a11y  best  FCP     LCP     TBT');
  for (const r of results) {
    console.log(
      `${r.route.padEnd(8)} ${pad(r.jsKb.toFixed(1), 10)}  ${pad(r.cssKb.toFixed(1), 11)}  ${pad(
        r.transferredKb.toFixed(1),
        7,
      )}  ${pad(r.performance, 4)}  ${pad(r.accessibility, 4)}  ${pad(r.bestPractices, 4)}  ${pad(
        seconds(r.fcp),
        6,
      )}  ${pad(seconds(r.lcp), 6)}  ${pad(`${Math.round(r.tbt)} ms`, 6)}`,
    );
  }
  console.log(
    `\ntargets: JS ≤ ${targets.jsKb} KB, CSS ≤ ${targets.cssKb} KB gzip; performance ≥ ${targets.performance}, ` +
      `accessibility ${targets.accessibility}, best practices ≥ ${targets.bestPractices} ` +
      '(Lighthouse mobile, simulated throttling). "sent KB" is what Chromium received for JS and CSS.',
  );
  for (const r of results)
    if (r.failed.length > 0) console.log(`\n${r.route}: audits not passed:\n  ${r.failed.join('\n  ')}`);
}

/**
 * Lighthouse sometimes loses the trace of a page load on a loaded machine (NO_NAVSTART, NO_FCP, …)
 * and asks to be run again: a fresh browser tries up to twice more. Any other failure ends the bench.
 */
async function measureWithRetry(origin, route, tokens) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(origin, route, tokens);
    } catch (error) {
      if (attempt >= 3 || !/run Lighthouse again|NO_NAVSTART|NO_FCP/.test(String(error))) throw error;
      console.log(`bench:web: ${route.path}: ${error.message}; measuring again (attempt ${attempt + 1})`);
    }
  }
}

try {
  execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { cwd: root, stdio: 'inherit' });
  const origin = await startServer();
  console.log(`bench:web: server at ${origin}, Chromium ${chromePath}`);
  const tokens = await login(origin);
  const results = [];
  for (const route of routes)
    results.push(await measureWithRetry(origin, route, route.member ? tokens : null));
  print(results);
  const missed = results.some(
    (r) =>
      r.jsKb > targets.jsKb ||
      r.cssKb > targets.cssKb ||
      r.performance < targets.performance ||
      r.accessibility < targets.accessibility ||
      r.bestPractices < targets.bestPractices,
  );
  if (missed) console.log('\nbench:web: some targets are not met (see above).');
} catch (error) {
  console.error('bench:web failed:', error);
  process.exitCode = 1;
} finally {
  clearTimeout(deadline);
  await cleanUp();
}
