/**
 * `npm run bench:scale` (decision 056): every member and manager list (the table in calls.ts) at demo size
 * and at the size of a large installation, side by side, plus the time to delete one member and one farm.
 *
 * Needs DATABASE_URL (PostgreSQL): creates two fresh databases on that server, both migrated and seeded
 * with the demo, and grows one of them in SQL (grow.ts) to BENCH_SCALE_FARMS (1000) farms ×
 * BENCH_SCALE_MEMBERS (500) members, the demo farm one of them (VACUUM ANALYZE after). Boots the real app
 * on each, on two loopback ports, and measures each call with autocannon (10 connections) in slices,
 * demo size then large size back to back (the same pairing as `npm run bench`, the demo-size server as
 * the reference), so a drifting machine load hits both alike: large/small is the median of the pairs'
 * ratios. Then deletes members and one whole farm of the large database (while another farm's member
 * keeps reading), and drops both databases.
 *
 * Knobs: BENCH_SCALE_FARMS, BENCH_SCALE_MEMBERS, BENCH_SCALE_NOTIFICATIONS (per member, 5; the issue's
 * installation had 50), BENCH_SCALE_LEDGER (ledger movements per member, 10), BENCH_SCALE_SECONDS (6 per call), BENCH_SCALE_ROUNDS (3),
 * BENCH_SCALE_CONNECTIONS (10), BENCH_SCALE_ONLY=<parts of call names, comma-separated>,
 * BENCH_SCALE_SMALL (`demo`, the default: the small side is the demo seed; `farm`: the small side's two
 * demo farms are grown to the same members per farm too, so each pair compares one farm of the same size
 * in a two-farm installation and in the large one: the installation's growth alone, for the calls whose
 * cost follows the farm's own size, such as the internal bank's audit over every member wallet, ADR 074).
 */
import { request as httpRequest } from 'node:http';
import { cpus, loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import type autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { buildApp } from '../../src/app.js';
import { parseConfig } from '../../src/config.js';
import { demoPassword, seedDemo } from '../../src/seed/demo.js';
import { secondDemoFarm } from '../../src/seed/demo-second-farm.js';
import { openTestDatabase, type TestDatabase } from '../../test/helpers/test-db.js';
import { benchSettings, measure, measurePaired, median, warmUp } from '../measure.js';
import { scaleCalls, type ScaleCall } from './calls.js';
import { bankWalletId, memberWalletId, moveMoney } from '../../src/modules/wallet/ledger.js';
import {
  countRows,
  growToScale,
  monthlyCents,
  perFarm,
  welcomeCents,
  type Counts,
  type ScaleShape,
} from './grow.js';

const settings = benchSettings('BENCH_SCALE');
const shape: ScaleShape = {
  farms: Number(process.env.BENCH_SCALE_FARMS ?? 1000),
  members: Number(process.env.BENCH_SCALE_MEMBERS ?? 500),
  notificationsPerMember: Number(process.env.BENCH_SCALE_NOTIFICATIONS ?? 5),
  ledgerPerMember: Number(process.env.BENCH_SCALE_LEDGER ?? 10),
};
/** BENCH_SCALE_ONLY: parts of call names, comma-separated (`post,waiting`). */
const only = process.env.BENCH_SCALE_ONLY?.toLowerCase().split(',').filter(Boolean);
const demoFarm = 'plukhoeve';
/** `farm`: the small database holds the two demo farms grown to the large side's members per farm. */
const smallSide = process.env.BENCH_SCALE_SMALL === 'farm' ? 'farm' : 'demo';
if (!['demo', 'farm', undefined].includes(process.env.BENCH_SCALE_SMALL)) {
  console.error('BENCH_SCALE_SMALL is `demo` (the default) or `farm`.');
  process.exit(2);
}

interface Answer {
  status: number;
  bytes: number;
  fill: number;
}

const log = (line = '') => console.log(line);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const thousands = (value: number) => Math.round(value).toLocaleString('en-US');

interface Farm {
  name: string;
  fresh: TestDatabase;
  /** A pool for the grow's nine lanes and the bench's own queries. */
  sql: postgres.Sql;
  app: FastifyInstance;
  base: string;
}

async function openFarm(name: string): Promise<Farm> {
  const fresh = await openTestDatabase();
  // As in production: without the test suite's tenancy checker (ADR 049), which parses every statement.
  const database = { ...fresh.handle, db: fresh.handle.unchecked };
  await seedDemo(database.db);
  const config = {
    ...parseConfig({}),
    logLevel: 'silent',
    webDistDir: '/nonexistent',
    accessTokenTtlSeconds: 6 * 60 * 60,
    rateLimit: {
      authPerMinute: 10_000_000,
      accountPer15Minutes: 10_000_000,
      accountAttackPer15Minutes: 10_000_000,
      feedPerMinute: 10_000_000,
    },
  };
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // As server.ts does: the job worker polls the jobs table while the routes are measured.
  app.jobs.start();
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { name, fresh, sql: postgres(fresh.url!, { max: 9, onnotice: () => {} }), app, base };
}

async function closeFarm(farm: Farm | undefined): Promise<void> {
  if (!farm) return;
  await farm.app.close();
  await farm.sql.end({ timeout: 5 });
  await farm.fresh.drop();
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    console.error(
      'bench:scale needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).',
    );
    process.exit(2);
  }
  let small: Farm | undefined;
  let large: Farm | undefined;
  try {
    small = await openFarm('small');
    large = await openFarm('large');
    await run(small, large);
  } finally {
    await closeFarm(small);
    await closeFarm(large);
  }
}

const login = async (base: string, username: string, host?: string) => {
  const response = await request(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(host ? { host } : {}) },
    body: JSON.stringify({ username, password: demoPassword }),
  });
  if (response.status !== 200) throw new Error(`login ${username}: ${response.status} ${response.text}`);
  return { authorization: `Bearer ${(JSON.parse(response.text) as { token: string }).token}` };
};

/** Each call's autocannon options on one of the two servers, as its demo farm's `lid` or `beheerder`. */
async function callOptions(farm: Farm, calls: ScaleCall[]): Promise<autocannon.Options[]> {
  const [workshop] = await farm.sql`
    select id from events where app_id = ${demoFarm} and title = 'Workshop tomaten snoeien'`;
  const [post] = await farm.sql`
    select subject_id from comments where app_id = ${demoFarm} and subject_type = 'post' order by id limit 1`;
  const [offer] = await farm.sql`
    select id from products where app_id = ${demoFarm} and title = 'Aardbeienconfituur'`;
  const [subscription] = await farm.sql`
    select id from subscriptions where app_id = ${demoFarm} and name = 'Groenteabonnement' order by id limit 1`;
  const headers = { member: await login(farm.base, 'lid'), manager: await login(farm.base, 'beheerder') };
  return calls.map((call) => ({
    url: `${farm.base}/api/${call.path
      .replace('{workshop}', String(workshop!.id))
      .replace('{post}', String(post!.subject_id))
      .replace('{offer}', String(offer!.id))}`,
    method: call.method ?? 'GET',
    headers:
      call.body === undefined
        ? headers[call.role]
        : { ...headers[call.role], 'content-type': 'application/json' },
    ...(call.body === undefined
      ? {}
      : { body: JSON.stringify(call.body).replace('"{subscription}"', String(subscription!.id)) }),
  }));
}

async function answerOf(options: autocannon.Options): Promise<Answer> {
  const response = await request(options.url, {
    method: options.method ?? 'GET',
    headers: options.headers as Record<string, string>,
    body: options.body as string | undefined,
  });
  const json = response.status === 200 ? (JSON.parse(response.text) as unknown) : undefined;
  // A list, a page, or the wallet screen (its first page of movements).
  const page = json as { items?: unknown[]; entries?: { items?: unknown[] } } | undefined;
  const items = Array.isArray(json) ? json : (page?.items ?? page?.entries?.items);
  return { status: response.status, bytes: Buffer.byteLength(response.text), fill: items?.length ?? 1 };
}

/**
 * The wallet screen's pair like-for-like (ADR 070): the grow gives every member of the large database,
 * the demo farm's `lid` too, its donations (a welcome and the monthly ones) on top of the seeded welcome
 * (about 10 movements); the demo-size `lid` has only the seeded welcome. The same donations go to the small database's `lid`
 * through the ledger (`moveMoney`, the grow's keys and texts), so both screens hold the same page fill.
 */
async function fillDemoWallet(small: Farm, donationsPerMember: number): Promise<number> {
  const [lid] = await small.sql`select id from users where app_id = ${demoFarm} and username = 'lid'`;
  const userId = lid!.id as number;
  for (let i = 0; i < donationsPerMember; i += 1) {
    await small.app.db.transaction(async (tx) =>
      moveMoney(tx, {
        appId: demoFarm,
        fromWalletId: await bankWalletId(tx, demoFarm),
        toWalletId: await memberWalletId(tx, demoFarm, userId),
        amountCents: i === 0 ? welcomeCents : monthlyCents,
        kind: 'donation',
        description: i === 0 ? 'Welkomstgeschenk van de boerderij' : `Maandelijkse bijdrage ${i}`,
        idempotencyKey: `donation:bench-${i}:${userId}`,
      }),
    );
  }
  return donationsPerMember;
}

async function run(small: Farm, large: Farm): Promise<void> {
  log(
    `Pluk bench:scale: PostgreSQL, ${settings.connections} connections; two servers side by side, one on the ` +
      `demo-size database, one on the grown one; each call ${settings.seconds} s on each in ${settings.rounds} ` +
      `slices, small then large back to back; Node ${process.version}`,
  );
  log('\nDemo size:');
  printCounts(await countRows(small.sql));

  const farm = perFarm(shape);
  log(
    `\nGrowing to ${shape.farms} farms × ${shape.members} members; per farm ${farm.chores} chores ` +
      `(${farm.placesTaken} places taken), ${farm.events} events (${farm.attendancesPerEvent} attendances each), ` +
      `${farm.posts} posts (${farm.commentsPerPost} comments each), ${farm.notificationsPerMember} notifications ` +
      `per approved new member (scaled down: the issue's installation had 50); ${farm.offers} offers ` +
      `(${farm.reservations} reservations, ${farm.photos} photos), ${farm.requests} requests, a wallet per ` +
      `approved member with ${farm.donationsPerMember} donations and its share of the market's payments and the ` +
      `requests' rewards (${shape.ledgerPerMember} movements; scaled down: the issue's point 4 asks about 20)…`,
  );
  const [lid] =
    await large.sql`select password_hash from users where app_id = ${demoFarm} and username = 'lid'`;
  const growStarted = performance.now();
  const steps = await growToScale(large.sql, shape, lid!.password_hash as string);
  const growMs = performance.now() - growStarted;
  const vacuumStarted = performance.now();
  await large.sql.unsafe('vacuum (analyze)');
  const vacuumMs = performance.now() - vacuumStarted;
  if (smallSide === 'farm') {
    // The two demo farms of the small database grown to the same shape (no farm added): the grow's own
    // donations reach the small `lid` too, so the wallet needs no filling.
    const smallStarted = performance.now();
    await growToScale(small.sql, { ...shape, farms: 2 }, lid!.password_hash as string);
    log(
      `The small side: its two demo farms grown to ${shape.members} members each in ` +
        `${seconds(performance.now() - smallStarted)} (BENCH_SCALE_SMALL=farm).`,
    );
    printCounts(await countRows(small.sql));
  } else {
    const filled = await fillDemoWallet(small, farm.donationsPerMember);
    log(
      `The demo-size lid's wallet: the ${filled} donations the grow gives every member added ` +
        '(the same page fill on both sides, ADR 070).',
    );
  }
  await small.sql.unsafe('vacuum (analyze)');
  log(
    `Steps (the lanes after the members overlap): ${steps.map((step) => `${step.name} ${seconds(step.ms)}`).join(', ')}`,
  );
  const [size] = await large.sql`select pg_size_pretty(pg_database_size(current_database())) as size`;
  log(
    `Grown in ${seconds(growMs)} (set-based SQL, load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores), ` +
      `VACUUM ANALYZE ${seconds(vacuumMs)}; database ${size!.size as string}.`,
  );
  printCounts(await countRows(large.sql));

  const calls = scaleCalls.filter(
    (call) => !only || only.some((part) => call.name.toLowerCase().includes(part)),
  );
  const smallOptions = await callOptions(small, calls);
  const largeOptions = await callOptions(large, calls);
  log('');
  log('| call | fill small/large (expected) | small req/s | large req/s | large/small | bytes small/large |');
  log('|---|---|---:|---:|---:|---:|');
  let errors = 0;
  for (const [index, call] of calls.entries()) {
    const [smallAnswer, largeAnswer] = [
      await answerOf(smallOptions[index]!),
      await answerOf(largeOptions[index]!),
    ];
    if (smallAnswer.status !== 200 || largeAnswer.status !== 200) {
      throw new Error(`${call.name} answered ${smallAnswer.status} (small) / ${largeAnswer.status} (large)`);
    }
    await warmUp(settings, smallOptions[index]!);
    // Rounds of a small slice and a large slice back to back: the ratio is the median of the pairs'.
    const run = await measurePaired(
      settings,
      [call.name, largeOptions[index]!],
      [call.name, smallOptions[index]!],
    );
    const smallRps = median(run.references.map((reference) => reference.rps));
    errors += run.errors + run.non2xx + run.references.reduce((sum, r) => sum + r.errors + r.non2xx, 0);
    const fill =
      `${smallAnswer.fill}/${largeAnswer.fill}` +
      `${smallAnswer.fill === largeAnswer.fill ? '' : ' ≠'} (${call.fill === 'all' ? 'all' : call.fill})`;
    log(
      `| ${call.role} ${call.name} | ${fill} | ${thousands(smallRps)} | ${thousands(run.rps)} | ` +
        `${run.ratio.toFixed(2)} | ${thousands(smallAnswer.bytes)} / ${thousands(largeAnswer.bytes)} |`,
    );
  }
  log(`errors/non-2xx during the runs: ${errors}`);

  await deleteMembers(large.sql);
  const admin = postgres(large.fresh.url!, { max: 1, onnotice: () => {} });
  try {
    await deleteFarm(admin, large.sql, large.base, await login(large.base, 'lid', secondDemoFarm.host));
  } finally {
    await admin.end({ timeout: 5 });
  }
}

function printCounts(counts: Counts): void {
  log(
    Object.entries(counts)
      .map(([table, count]) => `${table} ${thousands(count)}`)
      .join(', '),
  );
}

/** Deletes members of the demo farm that have places taken, attendances, comments and notifications. */
async function deleteMembers(sql: postgres.Sql): Promise<void> {
  const victims = await sql`
    select u.id from users u where u.app_id = ${demoFarm} and u.username like 'plukker%'
      and exists (select 1 from task_assignments a where a.app_id = u.app_id and a.user_id = u.id)
      and exists (select 1 from event_attendances a where a.app_id = u.app_id and a.user_id = u.id)
      and exists (select 1 from comments c where c.app_id = u.app_id and c.user_id = u.id)
      and exists (select 1 from notifications n where n.app_id = u.app_id and n.user_id = u.id)
    order by u.id limit 5`;
  if (victims.length === 0) {
    log('\nDelete one member: no member with chores, attendances, comments and notifications found.');
    return;
  }
  const times: number[] = [];
  for (const { id } of victims) {
    const started = performance.now();
    await sql`delete from users where app_id = ${demoFarm} and id = ${id as number}`;
    times.push(performance.now() - started);
  }
  const left = await sql`
    select (select count(*) from task_assignments where user_id in ${sql(victims.map((v) => v.id as number))})::int
      + (select count(*) from event_attendances where user_id in ${sql(victims.map((v) => v.id as number))})::int
      + (select count(*) from notifications where user_id in ${sql(victims.map((v) => v.id as number))})::int
      + (select count(*) from comments where user_id in ${sql(victims.map((v) => v.id as number))})::int as n`;
  log(
    `\nDelete one member (with places taken, attendances, comments, notifications; ${times.length} members, ` +
      `one statement each, cascading): median ${median(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms; ` +
      `rows of theirs left: ${left[0]!.n as number}`,
  );
}

/**
 * Deletes the last farm (`delete from apps`, cascading) on its own connection while the second demo farm's
 * `lid` keeps reading their home's chores, in 1-second slices: the slices before the delete against the
 * slices during it.
 */
async function deleteFarm(
  admin: postgres.Sql,
  sql: postgres.Sql,
  base: string,
  otherFarmMember: Record<string, string>,
): Promise<void> {
  const [victim] = await sql`select app_id from apps where app_id like 'farm-%' order by app_id desc limit 1`;
  if (!victim) {
    log('\nDelete one farm: no grown farm to delete (BENCH_SCALE_FARMS ≤ the demo farms).');
    return;
  }
  const appId = victim.app_id as string;
  const [members] = await sql`select count(*)::int as n from users where app_id = ${appId}`;
  const read: autocannon.Options = {
    url: `${base}/api/task?isCompleted=false&pageSize=4&page=0&hasEnded=false`,
    headers: { ...otherFarmMember, host: secondDemoFarm.host },
  };
  const check = await request(read.url, { method: 'GET', headers: read.headers as Record<string, string> });
  if (check.status !== 200) throw new Error(`${secondDemoFarm.appId} read: ${check.status} ${check.text}`);
  const slice = (name: string) => measure(settings, name, read, 1);
  await slice('warm-up');
  const before = [];
  for (let i = 0; i < 5; i++) before.push(await slice('before'));
  let done = false;
  const started = performance.now();
  const deletion = admin`delete from apps where app_id = ${appId}`.then(() => {
    done = true;
    return performance.now() - started;
  });
  const during = [];
  while (!done) during.push(await slice('during'));
  const ms = await deletion;
  const tables = await sql`
    select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'app_id' order by table_name`;
  const leftovers: string[] = [];
  for (const { table_name: table } of tables) {
    const [row] = await sql.unsafe(`select count(*)::int as n from "${table as string}" where app_id = $1`, [
      appId,
    ]);
    if ((row!.n as number) > 0) leftovers.push(`${table as string} ${row!.n as number}`);
  }
  const rps = (runs: { rps: number }[]) => median(runs.map((run) => run.rps));
  const p99 = (runs: { p99: number }[]) => Math.max(...runs.map((run) => run.p99));
  log(
    `\nDelete one farm (${appId}, ${members!.n as number} members; delete from apps, cascading): ${seconds(ms)}; ` +
      `rows left: ${leftovers.length === 0 ? 'none' : leftovers.join(', ')}`,
  );
  log(
    `Another farm (${secondDemoFarm.appId}) reading its chores meanwhile: ${thousands(rps(before))} req/s before ` +
      `(max p99 ${p99(before)} ms), ${thousands(rps(during))} req/s during (max p99 ${p99(during)} ms, ` +
      `${during.length} 1-s slices): ${(rps(during) / rps(before)).toFixed(2)}×; errors/non-2xx ` +
      `${[...before, ...during].reduce((sum, run) => sum + run.errors + run.non2xx, 0)}`,
  );
}

/** One HTTP request (node:http, which sends the Host header it is given: the farm is chosen by host). */
function request(
  url: string,
  options: { method: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method, headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
