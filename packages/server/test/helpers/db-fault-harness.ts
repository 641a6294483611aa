import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chownSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '../../src/db/client.js';
import { AccessTokens } from '../../src/modules/auth/access-tokens.js';
import { createApp, createUser } from '../../src/seed/factories.js';

/**
 * Database faults under load (decision 051): a throw-away PostgreSQL cluster of its own (initdb on a free
 * port), the real server as a child process on it, and a bounded load of member reads. Used by
 * test/database-faults.test.ts and bench/db-faults.ts.
 */

const run = promisify(execFile);
const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const repoRoot = resolve(import.meta.dirname, '../../../..');
const asRoot = process.getuid?.() === 0;

/** initdb and postgres refuse to run as root: the CI runs as root, so they run as the postgres user. */
function command(bin: string, args: string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', join(pgBin, bin), ...args]] : [join(pgBin, bin), args];
}

/** A free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

export interface Cluster {
  port: number;
  url: string;
  /** `fast`: a clean restart's first half (sessions terminated, 57P01); `immediate`: a crash. */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

export async function createCluster(): Promise<Cluster> {
  const dir = await mkdtemp(join(tmpdir(), 'pluk-pgfault-'));
  if (asRoot) chownSync(dir, Number((await run('id', ['-u', 'postgres'])).stdout.trim()), 0);
  const data = join(dir, 'data');
  const port = await freePort();
  const pgCtl = async (args: string[]) => {
    const [bin, argv] = command('pg_ctl', args);
    await run(bin, argv);
  };
  {
    const [bin, argv] = command('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    await run(bin, argv);
  }
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const start = () => pgCtl(['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  await start();
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: (mode) => pgCtl(['-D', data, '-m', mode, '-w', 'stop']),
    start,
    destroy: async () => {
      await pgCtl(['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Migrates the cluster's database and adds a farm on 127.0.0.1 with one member; the member's header. */
export async function seedMember(url: string, jwtSecret: string): Promise<Record<string, string>> {
  const handle = await openDatabase({ url });
  try {
    await handle.migrate();
    await createApp(handle.db, {
      appId: 'farm',
      name: 'Storingshoeve',
      isDefault: true,
      hosts: ['127.0.0.1'],
    });
    const member = await createUser(handle.db, { appId: 'farm', username: 'lid' });
    return { authorization: `Bearer ${new AccessTokens(jwtSecret, 3600).issue(member)}` };
  } finally {
    await handle.close();
  }
}

export interface Server {
  child: ChildProcess;
  base: string;
  output: string[];
  stop(): Promise<number | null>;
}

export async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: join(tmpdir(), 'pluk-no-web-dist'),
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const end = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > end) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer: ${output.join('')}`);
    }
    await sleep(50);
  }
  return {
    child,
    base,
    output,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done(child.exitCode);
        child.once('exit', (code) => done(code));
        child.kill('SIGTERM');
      }),
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Sample {
  url: string;
  status: number | 'hung';
  startedAt: number;
  ms: number;
  retryAfter: string | null;
  code?: string;
}

/** The member reads of the home and the account, in turn. */
export const memberReads = [
  '/api/User',
  '/api/task?isCompleted=false&pageSize=6&page=0&hasEnded=false',
  '/api/post?pageSize=1&page=0',
  '/api/notification/unreadCount',
];

async function timedGet(url: string, headers: Record<string, string>, giveUpMs: number): Promise<Sample> {
  const startedAt = Date.now();
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(giveUpMs) });
    const text = await response.text();
    let code: string | undefined;
    if (response.status >= 400) code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
    return {
      url,
      status: response.status,
      startedAt,
      ms: Date.now() - startedAt,
      retryAfter: response.headers.get('retry-after'),
      code,
    };
  } catch {
    return { url, status: 'hung', startedAt, ms: Date.now() - startedAt, retryAfter: null };
  }
}

/** `connections` loops of member reads until `stop()`; a request still open after `giveUpMs` counts as hung. */
export function loadMemberReads(
  base: string,
  headers: Record<string, string>,
  connections: number,
  giveUpMs: number,
) {
  const samples: Sample[] = [];
  let stopping = false;
  const loops = Array.from({ length: connections }, async (_, worker) => {
    for (let i = worker; !stopping; i++) {
      samples.push(await timedGet(`${base}${memberReads[i % memberReads.length]}`, headers, giveUpMs));
    }
  });
  return {
    samples,
    async stop() {
      stopping = true;
      await Promise.all(loops);
      return samples;
    },
  };
}

/** Health probes one after another (each ends before the next starts) until `stop()`. */
export function probeHealth(base: string, giveUpMs: number) {
  const samples: Sample[] = [];
  let stopping = false;
  const loop = (async () => {
    while (!stopping) {
      samples.push(await timedGet(`${base}/api/health`, {}, giveUpMs));
      await sleep(100);
    }
  })();
  return {
    samples,
    async stop() {
      stopping = true;
      await loop;
      return samples;
    },
  };
}

export interface Summary {
  requests: number;
  byStatus: Record<string, number>;
  maxMs: number;
  overMs: number;
  missingRetryAfter: number;
  /** The paths of the requests that got no answer (a hang names its route). */
  hung: string[];
  /** The path of the slowest request. */
  slowest: string | null;
}

export function summarize(samples: Sample[], overMs: number): Summary {
  const byStatus: Record<string, number> = {};
  for (const s of samples) {
    const key = s.code ? `${s.status} ${s.code}` : String(s.status);
    byStatus[key] = (byStatus[key] ?? 0) + 1;
  }
  return {
    requests: samples.length,
    byStatus,
    maxMs: Math.max(0, ...samples.map((s) => s.ms)),
    overMs: samples.filter((s) => s.ms > overMs).length,
    missingRetryAfter: samples.filter((s) => s.status === 503 && !s.retryAfter).length,
    hung: samples.filter((s) => s.status === 'hung').map((s) => new URL(s.url).pathname),
    slowest: samples.length ? new URL(samples.reduce((a, b) => (b.ms > a.ms ? b : a)).url).pathname : null,
  };
}

/** Starts the server against `url` and answers how it ended: exit code, milliseconds, and its output. */
export async function startAgainst(
  url: string,
  env: Record<string, string> = {},
  giveUpMs = 60_000,
): Promise<{ code: number | null; ms: number; output: string }> {
  const output: string[] = [];
  const startedAt = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/server.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: url, PORT: String(await freePort()), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), giveUpMs);
  const code = await new Promise<number | null>((done) => child.once('exit', (c) => done(c)));
  clearTimeout(timer);
  return { code, ms: Date.now() - startedAt, output: output.join('') };
}

/** A TCP server that accepts connections and never answers (a database host that hangs). */
export async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<import('node:net').Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    close: () =>
      new Promise((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}
