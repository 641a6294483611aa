import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { PostEmailRound } from '@pluk/contract';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/client.js';
import { emailLog, jobs, postEmailDeliveries, posts, users } from '../src/db/schema/index.js';
import { AccessTokens } from '../src/modules/auth/access-tokens.js';
import { createApp, createUser } from '../src/seed/factories.js';
import { startSmtpServer, type SmtpStandIn } from './helpers/smtp.js';
import { openTestDatabase, type TestDatabase } from './helpers/test-db.js';

/**
 * THE crash test of the job queue (ADR 048): the real server, as a child process, mails a post to 200
 * members; it is killed (SIGKILL, no shutdown of any kind) in the middle of the round and started again
 * on the same database. Every member must end up with the e-mail exactly once.
 */

const members = 200;
const concurrency = 5;
const leaseSeconds = 3;
const jwtSecret = 'crash-test-secret-that-is-long-enough-for-hs256';
const repoRoot = resolve(import.meta.dirname, '../../..');
const onPostgres = Boolean(process.env.DATABASE_URL);

/** A free loopback port (PORT must be 1–65535, so not 0). */
async function freePort(): Promise<number> {
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

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

interface Server {
  child: ChildProcess;
  base: string;
  output: string[];
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const output: string[] = [];
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: String(port) };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/server.ts'], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  await until(
    'the server to answer',
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
      const response = await fetch(`${base}/api/health`);
      return response.ok ? true : undefined;
    },
    20_000,
  ).catch((err: unknown) => {
    child.kill('SIGKILL');
    throw new Error(`${String(err)}\n${output.join('')}`);
  });
  return { child, base, output };
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((done) => child.once('exit', () => done()));
}

let smtp: SmtpStandIn | undefined;
let testDb: TestDatabase | undefined;
let dataDir: string | undefined;
let running: ChildProcess | undefined;

afterAll(async () => {
  running?.kill('SIGKILL');
  await smtp?.close();
  await testDb?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function seed(db: Database) {
  await createApp(db, { appId: 'farm', name: 'Crashhoeve', isDefault: true, hosts: ['127.0.0.1'] });
  const manager = await createUser(db, { appId: 'farm', username: 'redactie', roles: ['PostManager'] });
  // One insert for the members (no household, no login needed): quick to seed.
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: members }, (_, i) => ({
        appId: 'farm',
        username: `lid${i}`,
        email: `lid${i}@example.test`,
        passwordHash: 'not-used',
        firstName: `Lid${i}`,
        lastName: 'Testlid',
        isApproved: true,
        isActive: true,
      })),
    )
    .returning({ email: users.email });
  const recipients = [manager, ...rows];
  const [post] = await db
    .insert(posts)
    .values({ appId: 'farm', title: 'Oogstdag', body: '<p>Iedereen welkom.</p>', isActive: true })
    .returning({ id: posts.id });
  return { manager, recipients, postId: post!.id };
}

describe('a 200-recipient mail round survives a crash', () => {
  it('mails every member exactly once after SIGKILL mid-round and a restart', async () => {
    // A slightly slow SMTP server: each accepted message is answered 40 ms after it was recorded,
    // so the round takes a few seconds and the kill lands in its middle.
    smtp = await startSmtpServer({ delayMs: 40 });
    let handle: DatabaseHandle;
    const env: Record<string, string> = {
      HOST: '127.0.0.1',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_FROM: 'Crashhoeve <nieuws@crash.test>',
      JWT_SECRET: jwtSecret,
      JOB_CONCURRENCY: String(concurrency),
      JOB_LEASE_SECONDS: String(leaseSeconds),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: join(tmpdir(), 'pluk-no-web-dist'),
      PUBLIC_URL: 'http://pluk.test',
    };
    if (onPostgres) {
      testDb = await openTestDatabase();
      handle = testDb.handle;
      env.DATABASE_URL = testDb.url!;
    } else {
      dataDir = await mkdtemp(join(tmpdir(), 'pluk-crash-'));
      handle = await openDatabase({ dataDir });
      await handle.migrate();
      env.DATA_DIR = dataDir;
    }
    const { manager, recipients, postId } = await seed(handle.unchecked);
    // The embedded database is one process's at a time: the test lets go while the server runs.
    if (!onPostgres) await handle.close();
    const token = new AccessTokens(jwtSecret, 900).issue(manager);
    const headers = { authorization: `Bearer ${token}` };

    let server = await startServer(env);
    running = server.child;
    const started = await fetch(`${server.base}/api/applicationManager/Post/SendWithEmail/${postId}`, {
      method: 'POST',
      headers,
    });
    expect(started.status).toBe(200);
    expect(((await started.json()) as PostEmailRound).recipients).toBe(recipients.length);

    // Some, not all, mails are out: kill the server without any chance to clean up.
    await until(
      'the middle of the round',
      async () => (smtp!.messages.length >= 40 ? true : undefined),
      20_000,
    );
    server.child.kill('SIGKILL');
    await exited(server.child);
    const atKill = smtp.messages.length;
    expect(atKill).toBeLessThan(recipients.length);

    // Same database, new process: it takes the waiting jobs at once, and the ones the dead process held
    // when their lease lapses.
    server = await startServer(env);
    running = server.child;
    const round = await until(
      'the round to finish',
      async () => {
        const response = await fetch(`${server.base}/api/applicationManager/Post/${postId}/emailRound`, {
          headers,
        });
        const body = (await response.json()) as { round: PostEmailRound | null };
        return body.round && body.round.waiting === 0 ? body.round : undefined;
      },
      30_000,
    );
    expect(round).toMatchObject({ recipients: recipients.length, sent: recipients.length, failed: 0 });
    server.child.kill('SIGTERM');
    await exited(server.child);
    running = undefined;

    // Every member got the post, each under one Message-ID: the one of their job.
    const byRecipient = new Map<string, Set<string>>();
    for (const mail of smtp.messages) {
      for (const to of mail.to) {
        const ids = byRecipient.get(to) ?? new Set<string>();
        ids.add(mail.messageId);
        byRecipient.set(to, ids);
      }
    }
    const missed = recipients.filter((r) => !byRecipient.has(r.email));
    expect(missed).toEqual([]);
    expect([...byRecipient.values()].filter((ids) => ids.size !== 1)).toEqual([]);
    expect(byRecipient.size).toBe(recipients.length);
    // Raw copies: a job the SMTP server had accepted but whose "done" the killed process never committed
    // is sent again, with the same Message-ID, so mail clients show it once. Only jobs in flight at the
    // kill can be in that window, and a process runs at most JOB_CONCURRENCY jobs at a time.
    const duplicates = smtp.messages.length - recipients.length;
    expect(duplicates).toBeGreaterThanOrEqual(0);
    expect(duplicates).toBeLessThanOrEqual(concurrency);

    // The e-mail log and the delivery rows have each e-mail exactly once, whatever was sent twice.
    const check = onPostgres ? handle : await openDatabase({ dataDir: dataDir! });
    try {
      const logged = await check.unchecked.select().from(emailLog).where(eq(emailLog.template, 'post'));
      expect(logged).toHaveLength(recipients.length);
      expect(new Set(logged.map((row) => row.toAddress)).size).toBe(recipients.length);
      const deliveries = await check.unchecked
        .select()
        .from(postEmailDeliveries)
        .where(eq(postEmailDeliveries.postId, postId));
      expect(deliveries).toHaveLength(recipients.length);
      const open = await check.unchecked
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, 'mail'), inArray(jobs.status, ['waiting', 'running', 'failed'])));
      expect(open).toEqual([]);
    } finally {
      if (!onPostgres) await check.close();
    }
  }, 60_000);
});
