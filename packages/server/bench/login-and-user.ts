/**
 * `npm run bench -w @pluk/server`: boots the real app on a fresh, seeded database (in-memory PGlite, or
 * with DATABASE_URL a new database on that PostgreSQL server, dropped afterwards) on a loopback port,
 * and measures with autocannon, next to two reference routes of the same server, `POST /api/auth/login`,
 * `GET /api/User`, the calls the member home makes (open chores, next event, latest post, unread
 * notifications, weather from its cache) and the member lists. The references: a bare route (no
 * database) and the **one-query baseline** (one indexed select of one row through the same driver, no
 * auth); every route is reported as a ratio to the one-query baseline. Bounded: one run of
 * BENCH_SECONDS (default 5) per route, after a short warm-up.
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

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
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

async function measure(name: string, options: autocannon.Options): Promise<Run> {
  const result = await autocannon({ connections, duration: seconds, workers, ...options });
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
  const database = fresh.handle;
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
  const runs: Run[] = [];
  for (const [name, options] of routes) {
    if (only && !name.toLowerCase().includes(only) && !name.includes('one-query')) continue;
    // A short warm-up (JIT, connection pool, caches) that is not counted.
    await autocannon({ connections, duration: 1, workers, ...options });
    runs.push(await measure(name, options));
  }
  const baseline = runs.find((run) => run.name === 'GET one-query')?.rps ?? 1;
  console.log('');
  console.log(
    `${'route'.padEnd(24)}${'req/s'.padStart(10)}${'p99 ms'.padStart(10)}${'vs one-query'.padStart(14)}  errors/non-2xx`,
  );
  for (const run of runs) {
    console.log(
      `${run.name.padEnd(24)}${run.rps.toFixed(0).padStart(10)}${String(run.p99).padStart(10)}` +
        `${(run.rps / baseline).toFixed(2).padStart(14)}  ${run.errors}/${run.non2xx}`,
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
