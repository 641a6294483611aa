/**
 * `npm run bench -w @pluk/server`: boots the real app on a fresh, seeded database (in-memory PGlite, or
 * with DATABASE_URL a new database on that PostgreSQL server, dropped afterwards) on a loopback port,
 * and measures with autocannon, next to two reference routes of the same server, `POST /api/auth/login`,
 * `GET /api/User`, the calls the member home makes (open chores, next event, latest post, unread
 * notifications, weather from its cache) and the member lists. The references: a bare route (no
 * database) and the **one-query baseline** (one indexed select of one row through the same driver, no
 * auth). Each route runs BENCH_SECONDS (default 6) in BENCH_ROUNDS (default 3) slices, each right
 * after an equal one-query slice; req/s and p99 are the medians of its slices, the ratio the median of
 * the slices' ratios (the machine's load drifts; a pair back to back sees the same). Bounded: about
 * 2 × BENCH_SECONDS + 1 s per route. BENCH_ONLY=<text>[,<text>…] measures only the routes whose name has one of them.
 * On PGlite it ends with the storm of bench/embedded-storm.ts (BENCH_ONLY=storm: only that);
 * BENCH_EMBEDDED=in-process runs the routes with PGlite on the main thread (default: its worker thread).
 */
import type { AddressInfo } from 'node:net';
import type autocannon from 'autocannon';
import {
  addOneQueryRoute,
  benchSettings,
  mean,
  measurePaired,
  median,
  type PairedRun,
  type Run,
} from './measure.js';
import { embeddedStorm } from './embedded-storm.js';
import { buildApp } from '../src/app.js';
import { parseConfig } from '../src/config.js';
import { demoPassword, seedDemo } from '../src/seed/demo.js';
import { openTestDatabase } from '../test/helpers/test-db.js';
import { startWeatherStandIn } from '../test/helpers/weather-stand-in.js';

const settings = benchSettings();
const { seconds, connections } = settings;

async function main(): Promise<void> {
  // BENCH_EMBEDDED=in-process: PGlite on the main thread, as before decision 104 (default: its worker).
  const embedded = process.env.BENCH_EMBEDDED === 'in-process' ? 'in-process' : 'worker';
  const fresh = await openTestDatabase({ embedded });
  // As in production: without the test suite's tenancy checker (ADR 049), which parses every statement.
  const database = { ...fresh.handle, db: fresh.handle.unchecked };
  await seedDemo(database.db);
  // The weather comes from a local stand-in (no network), then from the server's 30-minute cache.
  const weather = await startWeatherStandIn();
  const config = {
    ...parseConfig({ WEATHER_API_URL: weather.url }),
    logLevel: 'silent',
    webDistDir: '/nonexistent',
    rateLimit: {
      authPerMinute: 10_000_000,
      accountPer15Minutes: 10_000_000,
      accountAttackPer15Minutes: 10_000_000,
      feedPerMinute: 10_000_000,
    },
  };
  const app = await buildApp({ config, database });
  // The references: the same server, plugins and hooks, but no auth or validation work; the bare one
  // without the database, the one-query baseline with one indexed select of one row.
  app.get('/bench/bare', async () => ({ ok: true }));
  await addOneQueryRoute(app, database.db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  // As server.ts does: the job worker polls the jobs table while the routes are measured.
  app.jobs.start();
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const loginBody = JSON.stringify({ username: 'lid', password: demoPassword });
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: loginBody,
  });
  const { token } = (await login.json()) as { token: string };

  console.log(
    `Pluk bench: ${connections} connections, ${seconds} s per run, ${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in memory (${embedded})`}, Node ${process.version}`,
  );
  const member = { authorization: `Bearer ${token}` };
  // The member home's calls with the query parameters of docs/product/api-and-routes.md, "Home", then the
  // member lists.
  const routes: [string, autocannon.Options][] = [
    ['GET bare (no db)', { url: `${base}/bench/bare` }],
    ['GET one-query', { url: `${base}/bench/one-query` }],
    [
      'POST /api/auth/login',
      {
        url: `${base}/api/auth/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: loginBody,
      },
    ],
    ['GET /api/User', { url: `${base}/api/User`, headers: member }],
    [
      'GET task (home)',
      { url: `${base}/api/task?isCompleted=false&pageSize=6&page=0&hasEnded=false`, headers: member },
    ],
    [
      'GET event (home)',
      {
        url: `${base}/api/event?pageSize=1&page=0&hasEnded=false&sortBy=startDate&sortDirection=asc`,
        headers: member,
      },
    ],
    ['GET post (home)', { url: `${base}/api/post?pageSize=1&page=0`, headers: member }],
    [
      'GET product (home)',
      { url: `${base}/api/product?isCompleted=false&pageSize=6&page=0&hasEnded=false`, headers: member },
    ],
    [
      'GET request (home)',
      { url: `${base}/api/request?isCompleted=false&pageSize=6&page=0&hasEnded=false`, headers: member },
    ],
    ['GET User/Wallet', { url: `${base}/api/User/Wallet`, headers: member }],
    ['GET unreadCount', { url: `${base}/api/notification/unreadCount`, headers: member }],
    ['GET weatherforecast', { url: `${base}/api/weatherforecast`, headers: member }],
    [
      'GET event list',
      {
        url: `${base}/api/event?pageSize=20&page=0&hasEnded=false&sortBy=startDate&sortDirection=asc`,
        headers: member,
      },
    ],
    ['GET post list', { url: `${base}/api/post?pageSize=10&page=0`, headers: member }],
    ['GET Task/true (list)', { url: `${base}/api/Task/true`, headers: member }],
    ['GET notification list', { url: `${base}/api/notification?page=0&pageSize=20`, headers: member }],
  ];
  const only = process.env.BENCH_ONLY?.toLowerCase().split(',').filter(Boolean);
  const [bare, oneQuery, ...measured] = routes;
  const runs: PairedRun[] = [];
  const baselines: Run[] = [];
  for (const [name, options] of [bare!, ...measured]) {
    if (only && !only.some((part) => name.toLowerCase().includes(part))) continue;
    // Rounds of a one-query slice and a route slice back to back; the ratio is the median of the
    // rounds' ratios. The machine's load drifts over seconds: a pair sees (nearly) the same load.
    const run = await measurePaired(settings, [name, options], oneQuery!);
    baselines.push(...run.references);
    runs.push(run);
  }
  // BENCH_ONLY=storm measures no route.
  if (runs.length > 0) {
    const baseline: Run & { ratio: number } = {
      name: `${oneQuery![0]} (mean)`,
      rps: mean(baselines.map((run) => run.rps)),
      p99: median(baselines.map((run) => run.p99)),
      errors: baselines.reduce((sum, run) => sum + run.errors, 0),
      non2xx: baselines.reduce((sum, run) => sum + run.non2xx, 0),
      ratio: 1,
    };
    console.log('');
    console.log(
      `${'route'.padEnd(26)}${'req/s'.padStart(10)}${'p99 ms'.padStart(10)}${'vs one-query'.padStart(14)}  errors/non-2xx`,
    );
    for (const run of [baseline, ...runs]) {
      console.log(
        `${run.name.padEnd(26)}${run.rps.toFixed(0).padStart(10)}${String(run.p99).padStart(10)}` +
          `${run.ratio.toFixed(2).padStart(14)}  ${run.errors}/${run.non2xx}`,
      );
    }
  }
  await weather.close();
  await app.close();
  await fresh.drop();
  // On PGlite: the storm, with the embedded database on the main thread and in its worker (decision 104).
  if (database.kind === 'pglite' && (!only || only.some((part) => 'storm'.includes(part)))) {
    await embeddedStorm();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
