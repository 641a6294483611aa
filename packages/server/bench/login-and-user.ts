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
 * 2 × BENCH_SECONDS + 1 s per route. BENCH_ONLY=<text> measures only the routes whose name has it.
 */
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { buildApp } from '../src/app.js';
import { parseConfig } from '../src/config.js';
import { demoPassword, seedDemo } from '../src/seed/demo.js';
import { openTestDatabase } from '../test/helpers/test-db.js';
import { startWeatherStandIn } from '../test/helpers/weather-stand-in.js';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 6);
/** Each route's seconds are split into this many rounds, each a one-query slice then a route slice. */
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
// The load comes from a worker thread, so autocannon does not share the server's event loop.
const workers = Number(process.env.BENCH_WORKERS ?? 1);

interface Run {
  name: string;
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(name: string, options: autocannon.Options, duration = seconds): Promise<Run> {
  const result = await autocannon({ connections, duration, workers, ...options });
  return {
    name,
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function main(): Promise<void> {
  const fresh = await openTestDatabase();
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
    },
  };
  const app = await buildApp({ config, database });
  // The references: the same server, plugins and hooks, but no auth or validation work; the bare one
  // without the database, the one-query baseline with one indexed select of one row.
  app.get('/bench/bare', async () => ({ ok: true }));
  const [someone] = await database.db.select({ id: users.id }).from(users).limit(1);
  const oneRow = (id: number) => database.db.select({ id: users.id }).from(users).where(eq(users.id, id));
  app.get('/bench/one-query', async () => ({ id: (await oneRow(someone?.id ?? 1))[0]?.id }));
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
    `Pluk bench: ${connections} connections, ${seconds} s per run, ${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite in memory'}, Node ${process.version}`,
  );
  const member = { authorization: `Bearer ${token}` };
  // The member home's calls with the query parameters of product-spec §7, then the member lists.
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
    ['GET unreadCount', { url: `${base}/api/notification/unreadCount`, headers: member }],
    ['GET weatherforecast', { url: `${base}/api/weatherforecast`, headers: member }],
    ['GET Task/true (list)', { url: `${base}/api/Task/true`, headers: member }],
    ['GET notification list', { url: `${base}/api/notification?page=0&pageSize=20`, headers: member }],
  ];
  const only = process.env.BENCH_ONLY?.toLowerCase();
  const [bare, oneQuery, ...measured] = routes;
  const runs: (Run & { ratio: number })[] = [];
  const warmUp = (options: autocannon.Options) =>
    autocannon({ connections, duration: 1, workers, ...options });
  const baselines: Run[] = [];
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  for (const [name, options] of [bare!, ...measured]) {
    if (only && !name.toLowerCase().includes(only)) continue;
    await warmUp(options);
    // Rounds of a one-query slice and a route slice back to back; the ratio is the median of the
    // rounds' ratios. The machine's load drifts over seconds: a pair sees (nearly) the same load.
    const pairs: [Run, Run][] = [];
    for (let round = 0; round < rounds; round++) {
      const slice = Math.max(1, Math.round(seconds / rounds));
      pairs.push([await measure(oneQuery![0], oneQuery![1], slice), await measure(name, options, slice)]);
    }
    baselines.push(...pairs.map(([base]) => base));
    const own = pairs.map(([, run]) => run);
    runs.push({
      name,
      rps: median(own.map((run) => run.rps)),
      p99: median(own.map((run) => run.p99)),
      errors: own.reduce((sum, run) => sum + run.errors, 0),
      non2xx: own.reduce((sum, run) => sum + run.non2xx, 0),
      ratio: median(pairs.map(([base, run]) => run.rps / base.rps)),
    });
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
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
  await weather.close();
  await app.close();
  await fresh.drop();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
