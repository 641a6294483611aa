/**
 * `npm run bench:cluster` (issue 35 point 5, decision 103): three Pluk processes on one PostgreSQL
 * database behind Debian's nginx, run with the checked-in deploy/nginx/pluk.conf.
 *
 * Creates `pluk_bench_cluster_<pid>` on DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432),
 * migrates it and seeds both demo farms (De Plukhoeve on `localhost`, Het Veld on `hetveld.localhost`),
 * starts three real server processes (`src/server.ts`, one DATA_DIR and JWT_SECRET, TRUST_PROXY=1, an SMTP
 * sink of the bench's own) and nginx as an unprivileged process on a prefix of its own (found at
 * /usr/sbin/nginx, or installed with apt-get when run as root). Then:
 *
 * 1. **Throughput, 1 process against 3**: the member read mix and the member write mix of both farms
 *    through nginx, with autocannon; each mix in BENCH_CLUSTER_ROUNDS (3) pairs of BENCH_CLUSTER_SECONDS (5)
 *    slices, nginx sending to one process then to all three (a reload between), so a drifting machine
 *    load hits both sides alike; 3/1 is the median of the pairs' ratios.
 * 2. **A process killed mid-run**: both mixes at once while process 2 gets SIGTERM (nginx not told) and
 *    is started again; and then a **rolling restart** of all three with deploy/rolling-restart.sh (each
 *    process out of nginx, restarted, ready, back in). Errors and non-2xx answers are counted (0 expected).
 *    BENCH_CLUSTER_JOBS (300) e-mail jobs are queued just before, and the sink counts each e-mail.
 * 3. **Across processes** (each process asked directly): a logout, a deactivation and a removed role on
 *    process 1 refused on 2 and 3 within 1 s; a farm's new colours on 1 seen on 2 and 3 within 1 s; the
 *    per-client login limit counted once over the three (logins sent to 1, 2, 3 in turn).
 * 4. The built web app's assets through nginx: the .gz twin sent as it is (skipped when not built).
 *
 * Every server, nginx and the database are stopped or dropped at the end. Knobs: BENCH_CLUSTER_SECONDS,
 * BENCH_CLUSTER_ROUNDS, BENCH_CLUSTER_CONNECTIONS (20), BENCH_CLUSTER_JOBS.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  createWriteStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { openDatabase } from '../../src/db/client.js';
import { enqueue } from '../../src/jobs/queue.js';
import { mailJob } from '../../src/mail/mail-job.js';
import { demoPassword, seedDemo } from '../../src/seed/demo.js';
import { secondDemoFarm } from '../../src/seed/demo-second-farm.js';
import { startSmtpServer } from '../../test/helpers/smtp.js';
import { median } from '../measure.js';
import { findOrInstallNginx, repoRoot, startNginx, type RunningNginx } from './nginx.js';

const seconds = Number(process.env.BENCH_CLUSTER_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_CLUSTER_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CLUSTER_CONNECTIONS ?? 20);
const jobCount = Number(process.env.BENCH_CLUSTER_JOBS ?? 300);
const authPerMinute = 30; // the server's default RATE_LIMIT_AUTH_PER_MINUTE, set explicitly below
const serverDir = resolve(import.meta.dirname, '../..');
const log = (line = '') => console.log(line);
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

const farms = [
  { appId: 'plukhoeve', host: 'localhost' },
  { appId: secondDemoFarm.appId, host: secondDemoFarm.host },
] as const;
type Farm = (typeof farms)[number];

interface Answer {
  status: number;
  text: string;
}

let xff = 0;
/** Every login the bench makes comes from an address of its own, outside the limit being measured. */
const nextClient = () => `198.51.100.${(++xff % 250) + 1}`;

function call(
  port: number,
  path: string,
  options: { method?: string; host?: string; token?: string; body?: unknown; client?: string } = {},
): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((done, fail) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: {
          host: options.host ?? 'localhost',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.client ? { 'x-forwarded-for': options.client } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });

/** One Pluk server process, as systemd's pluk@PORT runs it (`src/server.ts` through tsx). */
class Pluk {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  starts = 0;
  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
    private readonly logDir: string,
  ) {}

  start(): void {
    this.starts += 1;
    const out = createWriteStream(join(this.logDir, `${this.name}-${this.starts}.log`));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: { ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    this.child = child;
    this.exited = new Promise((done) => child.once('exit', () => done()));
  }

  async ready(timeoutMs = 120_000): Promise<void> {
    const started = performance.now();
    while (performance.now() - started < timeoutMs) {
      const answer = await call(this.port, '/api/health/ready').catch(() => undefined);
      if (answer?.status === 200) return;
      if (this.child?.exitCode !== null) throw new Error(`${this.name} exited; see ${this.logDir}`);
      await sleep(100);
    }
    throw new Error(`${this.name} not ready after ${timeoutMs} ms; see ${this.logDir}`);
  }

  /** SIGTERM, as systemctl stop sends: readiness 503, then the server drains and exits. */
  async stop(): Promise<void> {
    if (this.child && this.child.exitCode === null) this.child.kill('SIGTERM');
    await this.exited;
  }
}

interface MixRun {
  rps: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  statuses: Record<string, number>;
  /** Client-side failures by code (a reset, a closed keep-alive connection, a timeout). */
  failures: Record<string, number>;
}

type Requests = NonNullable<autocannon.Options['requests']>;

/** Runs a mix through nginx until `until` settles (or for `duration` seconds). */
function runMix(
  port: number,
  requests: Requests,
  options: { duration?: number; until?: Promise<unknown>; connections?: number },
): Promise<MixRun> {
  return new Promise((done, fail) => {
    const failures: Record<string, number> = {};
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: options.connections ?? connections,
        duration: options.duration ?? 600,
        requests,
      },
      (err, result) => {
        if (err) return fail(err);
        const statuses: Record<string, number> = {};
        for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {}))
          statuses[code] = count ?? 0;
        done({
          rps: result.requests.average,
          p99: result.latency.p99,
          requests: result.requests.total,
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
          statuses,
          failures,
        });
      },
    );
    instance.on('reqError', (err: NodeJS.ErrnoException) => {
      const code = err.code ?? err.message;
      failures[code] = (failures[code] ?? 0) + 1;
    });
    if (options.until) void options.until.finally(() => instance.stop());
  });
}

interface Session {
  token: string;
  refreshToken: string;
}

async function login(port: number, farm: Farm, username: string): Promise<Session> {
  const answer = await call(port, '/api/auth/login', {
    method: 'POST',
    host: farm.host,
    body: { username, password: demoPassword },
    client: nextClient(),
  });
  if (answer.status !== 200)
    throw new Error(`login ${username}@${farm.host}: ${answer.status} ${answer.text}`);
  return JSON.parse(answer.text) as Session;
}

/** The member's reads of the home and lists, on both farms (each as its own `lid`). */
function readMix(tokens: Map<Farm, string>): Requests {
  const paths = [
    '/api/User',
    '/api/info',
    '/api/task?isCompleted=false&pageSize=4&page=0&hasEnded=false',
    '/api/event?pageSize=2&page=0&hasEnded=false&sortBy=startDate&sortDirection=asc',
    '/api/post?pageSize=2&page=0',
    '/api/notification?page=0&pageSize=3',
    '/api/product?isCompleted=false&pageSize=5&page=0&hasEnded=false',
    '/api/User/Wallet',
    '/api/user/tasks',
  ];
  return farms.flatMap((farm) =>
    paths.map((path) => ({
      method: 'GET' as const,
      path,
      headers: { host: farm.host, authorization: `Bearer ${tokens.get(farm)}` },
    })),
  );
}

/** The member's writes: a comment on a post, a feedback message, all notifications read; both farms. */
function writeMix(tokens: Map<Farm, string>, postIds: Map<Farm, number>): Requests {
  return farms.flatMap((farm) => {
    const headers = {
      host: farm.host,
      authorization: `Bearer ${tokens.get(farm)}`,
      'content-type': 'application/json',
    };
    return [
      {
        method: 'POST' as const,
        path: '/api/comment/create',
        headers,
        body: JSON.stringify({
          subjectType: 'post',
          subjectId: postIds.get(farm),
          body: 'Fijn, tot zaterdag!',
        }),
      },
      {
        method: 'POST' as const,
        path: '/api/feedback/create',
        headers,
        body: JSON.stringify({ subject: 'Veld', message: 'De paden zijn goed begaanbaar.' }),
      },
      { method: 'POST' as const, path: '/api/notification/setread/true', headers, body: '{}' },
    ];
  });
}

const rate = (run: MixRun) => `${Math.round(run.rps).toLocaleString('en-US')} req/s (p99 ${run.p99} ms)`;
const faults = (run: MixRun) =>
  `${run.requests.toLocaleString('en-US')} requests, ${run.errors} errors, ${run.non2xx} non-2xx` +
  (run.non2xx > 0 ? ` ${JSON.stringify(run.statuses)}` : '') +
  (run.errors > 0 ? ` ${JSON.stringify(run.failures)}` : '');

/** Asks until `done` holds, for at most a second; answers the milliseconds it took, or undefined. */
async function withinOneSecond(
  ask: () => Promise<Answer>,
  done: (answer: Answer) => boolean,
): Promise<number | undefined> {
  const started = performance.now();
  while (performance.now() - started < 1_000) {
    if (done(await ask())) return Math.round(performance.now() - started);
    await sleep(20);
  }
  return undefined;
}

const outcomes: { check: string; ok: boolean; detail: string }[] = [];
function record(check: string, ok: boolean, detail: string): void {
  outcomes.push({ check, ok, detail });
  log(`  ${ok ? 'ok  ' : 'FAIL'} ${check}: ${detail}`);
}

/** Runs `change` on process 1 and watches processes 2 and 3 (asked beforehand, so they keep the old state). */
async function acrossProcesses(
  check: string,
  others: Pluk[],
  ask: (pluk: Pluk) => Promise<Answer>,
  before: (answer: Answer) => boolean,
  change: () => Promise<Answer>,
  after: (answer: Answer) => boolean,
): Promise<void> {
  for (const pluk of others) {
    const answer = await ask(pluk);
    if (!before(answer)) return record(check, false, `${pluk.name} before: ${answer.status} ${answer.text}`);
  }
  const changed = await change();
  if (changed.status >= 300) return record(check, false, `the change: ${changed.status} ${changed.text}`);
  const took = await Promise.all(others.map((pluk) => withinOneSecond(() => ask(pluk), after)));
  const ok = took.every((ms) => ms !== undefined);
  record(
    check,
    ok,
    others
      .map((pluk, i) => `${pluk.name} ${took[i] === undefined ? 'not within 1 s' : `${took[i]} ms`}`)
      .join(', '),
  );
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const nginxBinary = findOrInstallNginx(log);
  const dbName = `pluk_bench_cluster_${process.pid}`;
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${dbName}`;
  const work = mkdtempSync(join(tmpdir(), 'pluk-bench-cluster-'));
  chmodSync(work, 0o755); // nginx runs as nobody, in a prefix under this folder
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${dbName}"`);
  const sql = postgres(dbUrl.toString(), { max: 2, onnotice: () => {} });
  const smtp = await startSmtpServer({ delayMs: 20 });
  const plukken: Pluk[] = [];
  let nginx: RunningNginx | undefined;
  let control: ReturnType<typeof createServer> | undefined;
  try {
    log(
      `Pluk bench:cluster: 3 processes on one PostgreSQL database behind nginx (${nginxBinary}), ` +
        `${connections} connections; Node ${process.version}, ${cpus().length} cores, load average ` +
        `${loadavg()[0]!.toFixed(1)}`,
    );
    const handle = await openDatabase({ url: dbUrl.toString() });
    await handle.migrate();
    await seedDemo(handle.db);
    await handle.close();

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: dbUrl.toString(),
      JWT_SECRET: randomBytes(48).toString('base64'),
      DATA_DIR: join(work, 'data'),
      HOST: '127.0.0.1',
      TRUST_PROXY: '1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_FROM: 'Pluk <no-reply@pluk.test>',
      RATE_LIMIT_AUTH_PER_MINUTE: String(authPerMinute),
      WEB_DIST_DIR: join(repoRoot, 'packages/web/dist'),
    };
    for (const name of ['pluk-1', 'pluk-2', 'pluk-3'])
      plukken.push(new Pluk(name, await freePort(), env, work));
    const [one, two, three] = plukken as [Pluk, Pluk, Pluk];
    const started = performance.now();
    for (const pluk of plukken) pluk.start();
    await Promise.all(plukken.map((pluk) => pluk.ready()));
    log(`Three processes ready in ${((performance.now() - started) / 1000).toFixed(1)} s (logs: ${work}).`);

    const nginxPort = await freePort();
    const all = plukken.map((pluk) => ({ address: `127.0.0.1:${pluk.port}` }));
    nginx = await startNginx(nginxBinary, { prefix: join(work, 'nginx'), port: nginxPort, upstreams: all });
    log(`nginx on 127.0.0.1:${nginxPort}, deploy/nginx/pluk.conf, running as an unprivileged process.`);

    const tokens = new Map<Farm, string>();
    const postIds = new Map<Farm, number>();
    for (const farm of farms) {
      tokens.set(farm, (await login(one.port, farm, 'lid')).token);
      const [post] = await sql`
        select id from posts where app_id = ${farm.appId} and is_active order by id limit 1`;
      postIds.set(farm, post!.id as number);
    }
    const reads = readMix(tokens);
    const writes = writeMix(tokens, postIds);

    // 1. Throughput: one process against three, in pairs of slices.
    log(`\n1. Throughput through nginx, ${rounds} pairs of ${seconds} s slices (1 process, then 3):`);
    const throughput: Record<string, { one: MixRun[]; three: MixRun[]; ratio: number }> = {};
    for (const [name, mix] of [
      ['member read mix', reads],
      ['member write mix', writes],
    ] as const) {
      await runMix(nginxPort, mix, { duration: 1 }); // warm-up
      const pairs: [MixRun, MixRun][] = [];
      for (let round = 0; round < rounds; round++) {
        await nginx.setUpstreams([all[0]!]);
        const single = await runMix(nginxPort, mix, { duration: seconds });
        await nginx.setUpstreams(all);
        pairs.push([single, await runMix(nginxPort, mix, { duration: seconds })]);
      }
      const ratio = median(pairs.map(([single, triple]) => triple.rps / single.rps));
      throughput[name] = { one: pairs.map(([s]) => s), three: pairs.map(([, t]) => t), ratio };
      const oneRps = median(pairs.map(([s]) => s.rps));
      const threeRps = median(pairs.map(([, t]) => t.rps));
      const errs = pairs.flat().reduce((sum, run) => sum + run.errors + run.non2xx, 0);
      log(
        `  ${name.padEnd(17)} 1 process ${Math.round(oneRps).toLocaleString('en-US').padStart(6)} req/s, ` +
          `3 processes ${Math.round(threeRps).toLocaleString('en-US').padStart(6)} req/s: ` +
          `3/1 = ${ratio.toFixed(2)} (errors + non-2xx: ${errs})`,
      );
    }

    // 2. A process killed mid-run and started again; then a rolling restart of all three.
    const jobKeys: string[] = [];
    const jobs = Array.from({ length: jobCount }, (_, i) => {
      const key = `bench-cluster:${i}`;
      jobKeys.push(key);
      return mailJob(
        {
          appId: farms[i % 2]!.appId,
          userId: null,
          to: `bench-job-${i}@example.com`,
          template: 'templateTest',
          composed: { subject: `Bench ${i}`, text: `Bericht ${i}`, html: `<p>Bericht ${i}</p>` },
        },
        key,
      );
    });
    const jobsDb = await openDatabase({ url: dbUrl.toString() });
    await enqueue(jobsDb.db, jobs);
    await jobsDb.close();
    log(
      `\n2. Both mixes at once (${connections} connections each) while processes restart; ${jobCount} e-mail ` +
        'jobs queued just before (the SMTP sink answers each after 20 ms):',
    );
    const killed = (async () => {
      await sleep(3_000);
      const stopStarted = performance.now();
      await two.stop();
      const stopped = performance.now() - stopStarted;
      const restartStarted = performance.now();
      two.start();
      await two.ready();
      const back = performance.now() - restartStarted;
      await sleep(3_000); // back in nginx's rotation once fail_timeout (2 s) has passed
      return { stopped, back };
    })();
    const [killReads, killWrites, killTimes] = await Promise.all([
      runMix(nginxPort, reads, { until: killed }),
      runMix(nginxPort, writes, { until: killed }),
      killed,
    ]);
    log(
      `  pluk-2 killed (SIGTERM, nginx not told) after 3 s: stopped in ${Math.round(killTimes.stopped)} ms, ` +
        `ready again ${(killTimes.back / 1000).toFixed(1)} s later`,
    );
    log(`    reads:  ${rate(killReads)}; ${faults(killReads)}`);
    log(`    writes: ${rate(killWrites)}; ${faults(killWrites)}`);

    // The rolling restart as an operator runs it: deploy/rolling-restart.sh, its systemctl replaced by a
    // call to this bench, which stops (SIGTERM) and starts the process of that port.
    control = createServer((req, res) => {
      const port = Number(/^\/restart\/(\d+)$/.exec(req.url ?? '')?.[1]);
      const pluk = plukken.find((candidate) => candidate.port === port);
      if (req.method !== 'POST' || !pluk) return res.writeHead(404).end();
      void pluk.stop().then(() => {
        pluk.start();
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((done) => control!.listen(0, '127.0.0.1', done));
    const controlPort = (control.address() as AddressInfo).port;
    const rolling = (async () => {
      await sleep(2_000);
      const rollStarted = performance.now();
      const script = spawn(
        'sh',
        [join(repoRoot, 'deploy/rolling-restart.sh'), ...plukken.map((p) => String(p.port))],
        {
          env: {
            ...process.env,
            UPSTREAM: nginx!.upstreamFile,
            RESTART: `curl -fsS -X POST http://127.0.0.1:${controlPort}/restart/`,
            NGINX_RELOAD: nginx!.reloadCommand,
            SETTLE_SECONDS: '1',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      script.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      script.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((done) => script.once('exit', done));
      if (code !== 0) throw new Error(`rolling-restart.sh exited ${code}:\n${output}`);
      const took = performance.now() - rollStarted;
      await sleep(2_000);
      return took;
    })();
    const [rollReads, rollWrites, rollTook] = await Promise.all([
      runMix(nginxPort, reads, { until: rolling }),
      runMix(nginxPort, writes, { until: rolling }),
      rolling,
    ]);
    log(`  rolling restart of all three (deploy/rolling-restart.sh) in ${(rollTook / 1000).toFixed(1)} s:`);
    log(`    reads:  ${rate(rollReads)}; ${faults(rollReads)}`);
    log(`    writes: ${rate(rollWrites)}; ${faults(rollWrites)}`);
    const faultsOf = (...runs: MixRun[]) => runs.reduce((sum, run) => sum + run.errors + run.non2xx, 0);
    // Jobs: every one done once, whichever process ran it and whatever was restarted meanwhile.
    const jobsStarted = performance.now();
    let open = jobCount;
    while (performance.now() - jobsStarted < 120_000) {
      const [row] = await sql<{ open: number }[]>`
        select count(*)::int as open from jobs where idempotency_key = any(${jobKeys}) and status <> 'done'`;
      open = row!.open;
      if (open === 0) break;
      await sleep(250);
    }
    await sleep(500);
    const [attempts] = await sql<{ retried: number; done: number }[]>`
      select count(*) filter (where attempts > 1)::int as retried,
             count(*) filter (where status = 'done')::int as done
        from jobs where idempotency_key = any(${jobKeys})`;
    const received = smtp.messages.filter((mail) => mail.to.some((to) => to.startsWith('bench-job-')));
    const distinct = new Set(received.map((mail) => mail.to.join(','))).size;
    log(
      `\n  Jobs: ${attempts!.done} of ${jobCount} done, ${received.length} e-mails received for ${distinct} ` +
        `recipients (duplicates: ${received.length - distinct}); ${attempts!.retried} jobs claimed more than once`,
    );
    record(
      'background jobs each done once',
      attempts!.done === jobCount && received.length === jobCount && distinct === jobCount,
      `${attempts!.done}/${jobCount} done, ${received.length} e-mails, ${distinct} distinct`,
    );
    record(
      'no answer lost through the rolling restart',
      rollReads.non2xx + rollWrites.non2xx === 0,
      `${rollReads.non2xx + rollWrites.non2xx} non-2xx; ${rollReads.errors + rollWrites.errors} client-side ` +
        "errors: each nginx reload closes the client's idle keep-alive connections, and a request sent on " +
        'one just then is reset (a browser sends it again, autocannon counts it)',
    );
    record(
      'no request dropped when a process is killed (SIGTERM, nginx not told)',
      faultsOf(killReads, killWrites) === 0,
      `${faultsOf(killReads, killWrites)} errors + non-2xx`,
    );

    // 3. Across processes: each process asked directly (the change on pluk-1, the others watched).
    log('\n3. Across processes (change on pluk-1, seen on pluk-2 and pluk-3):');
    const others = [two, three];
    const [plukhoeve, hetveld] = farms;
    const adminSession = await login(one.port, plukhoeve, 'admin');
    const veldAdmin = await login(one.port, hetveld, 'admin');
    const idOf = async (farm: Farm, username: string) =>
      (await sql`select id from users where app_id = ${farm.appId} and username = ${username}`)[0]!
        .id as number;

    const leaving = await login(one.port, plukhoeve, 'jef');
    await acrossProcesses(
      'logout refused elsewhere within 1 s',
      others,
      (pluk) => call(pluk.port, '/api/User', { token: leaving.token }),
      (answer) => answer.status === 200,
      () =>
        call(one.port, '/api/auth/logout', { method: 'POST', body: { refreshToken: leaving.refreshToken } }),
      (answer) => answer.status === 401,
    );
    const marie = await login(one.port, plukhoeve, 'marie');
    await acrossProcesses(
      'deactivation refused elsewhere within 1 s',
      others,
      (pluk) => call(pluk.port, '/api/User/Members', { token: marie.token }),
      (answer) => answer.status === 200,
      async () =>
        call(one.port, '/api/applicationManager/user/update', {
          method: 'POST',
          token: adminSession.token,
          body: { id: await idOf(plukhoeve, 'marie'), isActive: false },
        }),
      (answer) => answer.text.includes('ACCOUNT_INACTIVE'),
    );
    const manager = await login(one.port, hetveld, 'beheerder');
    await acrossProcesses(
      'role change refused elsewhere within 1 s (Het Veld)',
      others,
      (pluk) =>
        call(pluk.port, '/api/applicationManager/user/paged', {
          method: 'POST',
          host: hetveld.host,
          token: manager.token,
          body: {},
        }),
      (answer) => answer.status === 200,
      async () =>
        call(one.port, '/api/applicationManager/user/update', {
          method: 'POST',
          host: hetveld.host,
          token: veldAdmin.token,
          body: { id: await idOf(hetveld, 'beheerder'), roles: [] },
        }),
      (answer) => answer.status === 403,
    );
    const colour = '#123456';
    await acrossProcesses(
      "a farm's new colours seen elsewhere within 1 s",
      others,
      (pluk) => call(pluk.port, '/api/info/colors'),
      (answer) => answer.status === 200 && !answer.text.includes(colour),
      () =>
        call(one.port, '/api/admin/colors', {
          method: 'PUT',
          token: adminSession.token,
          body: { primary: colour, secondary: '#ffcc00', background: '#ffffff' },
        }),
      (answer) => answer.text.includes(colour),
    );
    // The per-client login limit: logins from one client sent to pluk-1, -2, -3 in turn.
    const client = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i < authPerMinute + 6; i++) {
      const answer = await call(plukken[i % 3]!.port, '/api/auth/login', {
        method: 'POST',
        body: { username: 'lid', password: demoPassword },
        client,
      });
      statuses.push(answer.status);
    }
    const allowed = statuses.filter((status) => status === 200).length;
    const refused = statuses.filter((status) => status === 429).length;
    record(
      'login limit counted once over the processes',
      allowed === authPerMinute && refused === statuses.length - authPerMinute,
      `${statuses.length} logins from one client over 3 processes: ${allowed} let in, ${refused} refused ` +
        `(limit ${authPerMinute} per minute; per process it would have let in all ${statuses.length})`,
    );

    // 4. The web app's assets through nginx.
    const assets = join(repoRoot, 'packages/web/dist/assets');
    const twin = existsSync(assets) ? readdirSync(assets).find((file) => file.endsWith('.js.gz')) : undefined;
    if (twin) {
      const path = `/assets/${twin.replace(/\.gz$/, '')}`;
      const answer = await new Promise<{ encoding?: string; bytes: number }>((done, fail) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port: nginxPort,
            path,
            headers: { host: 'localhost', 'accept-encoding': 'gzip, br' },
          },
          (res) => {
            let bytes = 0;
            res.on('data', (chunk: Buffer) => (bytes += chunk.length));
            res.on('end', () => done({ encoding: res.headers['content-encoding'], bytes }));
          },
        );
        req.on('error', fail);
        req.end();
      });
      const size = statSync(join(assets, twin)).size;
      record(
        'assets: the .gz twin sent as it is by nginx',
        answer.encoding === 'gzip' && answer.bytes === size,
        `${path}: ${answer.encoding ?? 'no encoding'}, ${answer.bytes} bytes (the .gz file: ${size})`,
      );
    } else {
      log('  assets: skipped, the web app is not built (npm run build -w @pluk/web)');
    }

    log('\nSummary:');
    for (const [name, { ratio }] of Object.entries(throughput))
      log(`  ${name}: 3 processes / 1 = ${ratio.toFixed(2)}`);
    const failed = outcomes.filter((outcome) => !outcome.ok);
    log(`  checks: ${outcomes.length - failed.length} of ${outcomes.length} hold`);
    if (failed.length > 0) process.exitCode = 1;
  } finally {
    control?.close();
    await Promise.all(plukken.map((pluk) => pluk.stop()));
    await nginx?.stop();
    await smtp.close();
    await sql.end({ timeout: 5 });
    await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
    await admin.end({ timeout: 5 });
    if (process.exitCode === 1) log(`Logs kept in ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
