/**
 * `npm run bench:scale` (issue 17): every member and manager list (the table in calls.ts) at demo size
 * and at the size of a large installation, side by side, plus the time to delete one member and one farm.
 *
 * Needs DATABASE_URL (PostgreSQL): creates a fresh database on that server, migrates it and seeds the
 * demo, boots the real app on a loopback port and measures each call with autocannon (10 connections,
 * slices paired with the one-query baseline, as `npm run bench`). Then grows the database in SQL
 * (grow.ts) to BENCH_SCALE_FARMS (1000) farms × BENCH_SCALE_MEMBERS (500) members, the demo farm one of
 * them, VACUUM ANALYZE, measures the same calls again, deletes members and one whole farm (while another
 * farm's members keep reading), prints the table and drops the database.
 *
 * Knobs: BENCH_SCALE_FARMS, BENCH_SCALE_MEMBERS, BENCH_SCALE_NOTIFICATIONS (per member, 5; the issue's
 * installation had 50), BENCH_SCALE_SECONDS (6 per call), BENCH_SCALE_ROUNDS (3),
 * BENCH_SCALE_CONNECTIONS (10), BENCH_SCALE_ONLY=<part of a call name>.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type autocannon from 'autocannon';
import postgres from 'postgres';
import { buildApp } from '../../src/app.js';
import { parseConfig } from '../../src/config.js';
import { demoPassword, seedDemo } from '../../src/seed/demo.js';
import { secondDemoFarm } from '../../src/seed/demo-second-farm.js';
import { openTestDatabase } from '../../test/helpers/test-db.js';
import {
  addOneQueryRoute,
  benchSettings,
  measure,
  median,
  measurePaired,
  type PairedRun,
} from '../measure.js';
import { scaleCalls, type ScaleCall } from './calls.js';
import { countRows, growToScale, perFarm, type Counts, type ScaleShape } from './grow.js';

const settings = benchSettings('BENCH_SCALE');
const shape: ScaleShape = {
  farms: Number(process.env.BENCH_SCALE_FARMS ?? 1000),
  members: Number(process.env.BENCH_SCALE_MEMBERS ?? 500),
  notificationsPerMember: Number(process.env.BENCH_SCALE_NOTIFICATIONS ?? 5),
};
const only = process.env.BENCH_SCALE_ONLY?.toLowerCase();
const demoFarm = 'plukhoeve';

interface Answer {
  status: number;
  bytes: number;
  fill: number;
}
interface Measured extends PairedRun {
  answer: Answer;
}

const log = (line = '') => console.log(line);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const thousands = (value: number) => Math.round(value).toLocaleString('en-US');

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    console.error(
      'bench:scale needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).',
    );
    process.exit(2);
  }
  const fresh = await openTestDatabase();
  const sql = postgres(fresh.url!, { max: 6, onnotice: () => {} });
  const admin = postgres(fresh.url!, { max: 1, onnotice: () => {} });
  try {
    await run(fresh, sql, admin);
  } finally {
    await sql.end({ timeout: 5 });
    await admin.end({ timeout: 5 });
    await fresh.drop();
  }
}

async function run(
  fresh: Awaited<ReturnType<typeof openTestDatabase>>,
  sql: postgres.Sql,
  admin: postgres.Sql,
): Promise<void> {
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
    },
  };
  const app = await buildApp({ config, database });
  const oneQueryPath = await addOneQueryRoute(app, database.db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  app.jobs.start();
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const oneQuery: [string, autocannon.Options] = ['one-query', { url: `${base}${oneQueryPath}` }];

  const login = async (username: string, host?: string) => {
    const response = await request(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(host ? { host } : {}) },
      body: JSON.stringify({ username, password: demoPassword }),
    });
    if (response.status !== 200) throw new Error(`login ${username}: ${response.status} ${response.text}`);
    return { authorization: `Bearer ${(JSON.parse(response.text) as { token: string }).token}` };
  };
  const ids = {
    workshop: (
      await sql`select id from events where app_id = ${demoFarm} and title = 'Workshop tomaten snoeien'`
    )[0]!.id as number,
    post: (
      await sql`select subject_id from comments where app_id = ${demoFarm} and subject_type = 'post' order by id limit 1`
    )[0]!.subject_id as number,
  };
  const calls = scaleCalls.filter((call) => !only || call.name.toLowerCase().includes(only));
  const optionsOf = (call: ScaleCall, headers: Record<string, string>): autocannon.Options => ({
    url: `${base}/api/${call.path.replace('{workshop}', String(ids.workshop)).replace('{post}', String(ids.post))}`,
    method: call.method ?? 'GET',
    headers: call.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
  });
  const answerOf = async (options: autocannon.Options): Promise<Answer> => {
    const response = await request(options.url, {
      method: options.method ?? 'GET',
      headers: options.headers as Record<string, string>,
      body: options.body as string | undefined,
    });
    const text = response.text;
    const json = response.status === 200 ? (JSON.parse(text) as unknown) : undefined;
    const items = Array.isArray(json) ? json : (json as { items?: unknown[] } | undefined)?.items;
    return { status: response.status, bytes: Buffer.byteLength(text), fill: items?.length ?? 1 };
  };
  const measureAll = async (label: string): Promise<Map<string, Measured>> => {
    const headers = { member: await login('lid'), manager: await login('beheerder') };
    const results = new Map<string, Measured>();
    for (const call of calls) {
      const options = optionsOf(call, headers[call.role]);
      const answer = await answerOf(options);
      if (answer.status !== 200) throw new Error(`${label}: ${call.name} answered ${answer.status}`);
      const result = { ...(await measurePaired(settings, [call.name, options], oneQuery)), answer };
      log(
        `  ${label.padEnd(6)} ${call.name.padEnd(26)} ${thousands(result.rps).padStart(7)} req/s  ${answer.fill} items, ${answer.bytes} B`,
      );
      results.set(call.name, result);
    }
    return results;
  };

  log(
    `Pluk bench:scale: PostgreSQL, ${settings.connections} connections, ${settings.seconds} s per call in ` +
      `${settings.rounds} slices paired with the one-query baseline, Node ${process.version}`,
  );
  log('\nDemo size:');
  printCounts(await countRows(sql));
  const small = await measureAll('small');

  const farm = perFarm(shape);
  log(
    `\nGrowing to ${shape.farms} farms × ${shape.members} members; per farm ${farm.chores} chores ` +
      `(${farm.placesTaken} places taken), ${farm.events} events (${farm.attendancesPerEvent} attendances each), ` +
      `${farm.posts} posts (${farm.commentsPerPost} comments each), ${farm.notificationsPerMember} notifications ` +
      `per member (the issue's installation: 50)…`,
  );
  const hash = (
    await sql`select password_hash from users where app_id = ${demoFarm} and username = 'lid'`
  )[0]!.password_hash as string;
  const growStarted = performance.now();
  const steps = await growToScale(sql, shape, hash);
  const growMs = performance.now() - growStarted;
  const vacuumStarted = performance.now();
  await sql.unsafe('vacuum (analyze)');
  const vacuumMs = performance.now() - vacuumStarted;
  log(
    `Steps (the lanes after the members overlap): ${steps.map((step) => `${step.name} ${seconds(step.ms)}`).join(', ')}`,
  );
  const size = (await sql`select pg_size_pretty(pg_database_size(current_database())) as size`)[0]!
    .size as string;
  log(`Grown in ${seconds(growMs)} (set-based SQL), VACUUM ANALYZE ${seconds(vacuumMs)}; database ${size}.`);
  const counts = await countRows(sql);
  printCounts(counts);
  const large = await measureAll('large');

  log('');
  log(
    '| call | fill small/large | small req/s | large req/s | large/small | large/small vs one-query | bytes small/large |',
  );
  log('|---|---|---:|---:|---:|---:|---:|');
  for (const call of calls) {
    const s = small.get(call.name)!;
    const l = large.get(call.name)!;
    const fill = call.fill === 'all' ? 'all' : String(call.fill);
    const fillNote = `${s.answer.fill}/${l.answer.fill}${s.answer.fill === l.answer.fill ? '' : ' ≠'} (${fill})`;
    log(
      `| ${call.role} ${call.name} | ${fillNote} | ${thousands(s.rps)} | ${thousands(l.rps)} | ` +
        `${(l.rps / s.rps).toFixed(2)} | ${(l.ratio / s.ratio).toFixed(2)} | ${thousands(s.answer.bytes)} / ${thousands(l.answer.bytes)} |`,
    );
  }
  const errors = [...small.values(), ...large.values()].reduce(
    (sum, run) => sum + run.errors + run.non2xx,
    0,
  );
  log(`errors/non-2xx during the runs: ${errors}`);

  await deleteMembers(sql);
  await deleteFarm(admin, sql, base, await login('lid', secondDemoFarm.host));

  await app.close();
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
