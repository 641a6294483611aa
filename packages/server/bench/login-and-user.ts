/**
 * `npm run bench -w @pluk/server`: boots the real app on a fresh, seeded database (in-memory PGlite, or
 * with DATABASE_URL a new database on that PostgreSQL server, dropped afterwards) on a loopback port,
 * and measures with autocannon a bare baseline route of the same server next to `POST /api/auth/login`,
 * `GET /api/User` and the calls the member home makes (open chores, next event, latest post, unread
 * notifications, weather from the cache). Prints requests/second, p99 latency and the ratio to the
 * baseline. Bounded: three runs of BENCH_SECONDS (default 5) each.
 */
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { buildApp } from '../src/app.js';
import { parseConfig } from '../src/config.js';
import { demoPassword, seedDemo } from '../src/seed/demo.js';
import { openTestDatabase } from '../test/helpers/test-db.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Run {
  name: string;
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(name: string, options: autocannon.Options): Promise<Run> {
  const result = await autocannon({ connections, duration: seconds, ...options });
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
  const config = {
    ...parseConfig({}),
    logLevel: 'silent',
    webDistDir: '/nonexistent',
    rateLimit: { authPerMinute: 10_000_000, accountPer15Minutes: 10_000_000 },
  };
  const app = await buildApp({ config, database });
  // The baseline: the same server, plugins and hooks, but no database, auth or validation work.
  app.get('/bench/baseline', async () => ({ ok: true }));
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
  const runs = [
    await measure('GET /bench/baseline', { url: `${base}/bench/baseline` }),
    await measure('POST /api/auth/login', {
      url: `${base}/api/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: loginBody,
    }),
    await measure('GET /api/User', {
      url: `${base}/api/User`,
      headers: { authorization: `Bearer ${token}` },
    }),
  ];
  // The member home's calls, with the query parameters of product-spec §7.
  const homeCalls = [
    ['GET /api/task (home)', '/api/task?isCompleted=false&pageSize=6&page=0&hasEnded=false'],
    [
      'GET /api/event (home)',
      '/api/event?pageSize=1&page=0&hasEnded=false&sortBy=startDate&sortDirection=asc',
    ],
    ['GET /api/post (home)', '/api/post?pageSize=1&page=0'],
    ['GET unreadCount', '/api/notification/unreadCount'],
  ] as const;
  for (const [name, path] of homeCalls) {
    runs.push(await measure(name, { url: `${base}${path}`, headers: { authorization: `Bearer ${token}` } }));
  }
  const baseline = runs[0]?.rps ?? 1;
  console.log('');
  console.log(
    `${'route'.padEnd(24)}${'req/s'.padStart(10)}${'p99 ms'.padStart(10)}${'vs baseline'.padStart(13)}  errors/non-2xx`,
  );
  for (const run of runs) {
    console.log(
      `${run.name.padEnd(24)}${run.rps.toFixed(0).padStart(10)}${String(run.p99).padStart(10)}` +
        `${(run.rps / baseline).toFixed(3).padStart(13)}  ${run.errors}/${run.non2xx}`,
    );
  }
  await app.close();
  await fresh.drop();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
