import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailLog, jobs, mollieWebhookCalls, refreshTokens } from '../src/db/schema/index.js';
import { pruneOldRows } from '../src/jobs/prune.js';
import { claimJobs, enqueue, finishJob } from '../src/jobs/queue.js';
import { JobWorker, PermanentJobError, backoffMs } from '../src/jobs/worker.js';
import { mailJob } from '../src/mail/mail-job.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { createTestContext, type TestContext } from './helpers/test-app.js';

let ctx: TestContext;
let lid: CreatedUser;

beforeAll(async () => {
  ctx = await createTestContext();
  lid = await ctx.createUser({ username: 'lid' });
});
afterAll(async () => ctx.close());

const jobByKey = async (key: string) =>
  (await ctx.db.select().from(jobs).where(eq(jobs.idempotencyKey, key)))[0];

const welcome = (key: string) =>
  mailJob(
    { appId: ctx.appId, userId: lid.id, to: lid.email, template: 'welcome', values: { firstName: 'Lid' } },
    key,
  );

/** A worker of its own, with test handlers, on the test database. */
function testWorker(handlers: Record<string, () => Promise<{ outcome: string | null }>>) {
  const worker = new JobWorker(ctx.db, ctx.app.log, { concurrency: 2, leaseSeconds: 60, pollMs: 1000 });
  for (const [kind, run] of Object.entries(handlers)) worker.register(kind, { run });
  return worker;
}

describe('the job queue', () => {
  it('queues a key once, however often it is enqueued', async () => {
    expect(await enqueue(ctx.db, [welcome('once:1')])).toBe(1);
    expect(await enqueue(ctx.db, [welcome('once:1'), welcome('once:1')])).toBe(0);
    expect(await ctx.db.select().from(jobs).where(eq(jobs.idempotencyKey, 'once:1'))).toHaveLength(1);
    await ctx.app.jobs.drain();
    expect(await jobByKey('once:1')).toMatchObject({ status: 'done', outcome: 'not_sent', payload: {} });
  });

  it('takes over a job whose process died (its lease lapsed); the dead claim can no longer finish it', async () => {
    await enqueue(ctx.db, [welcome('lease:1')]);
    // A process claims the job with a lease that has already run out, then "dies".
    const [dead] = await claimJobs(ctx.db, 10, 0);
    expect(dead).toMatchObject({ idempotencyKey: 'lease:1', status: 'running', attempts: 1 });
    await ctx.app.jobs.drain();
    expect(await jobByKey('lease:1')).toMatchObject({ status: 'done', attempts: 2 });
    // The dead process wakes up late: its finish changes nothing and logs nothing.
    const logged = async () => ctx.db.select().from(emailLog).where(eq(emailLog.userId, lid.id));
    const before = (await logged()).length;
    expect(
      await finishJob(ctx.db, dead!, 'sent', async (tx) => {
        await tx.insert(emailLog).values({
          appId: ctx.appId,
          userId: lid.id,
          toAddress: lid.email,
          subject: 'x',
          body: 'x',
          template: 'welcome',
          status: 'sent',
        });
      }),
    ).toBe(false);
    expect(await logged()).toHaveLength(before);
  });

  it('never takes a job another process holds under a live lease', async () => {
    await enqueue(ctx.db, [welcome('held:1')]);
    const [held] = await claimJobs(ctx.db, 10, 60);
    expect(held?.idempotencyKey).toBe('held:1');
    await ctx.app.jobs.drain();
    expect(await jobByKey('held:1')).toMatchObject({ status: 'running', attempts: 1 });
    await finishJob(ctx.db, held!, 'not_sent');
  });

  it('fails a job at once on a permanent error, and retries others with growing backoff', async () => {
    const worker = testWorker({
      'test-permanent': async () => {
        throw new PermanentJobError('kan niet');
      },
      'test-flaky': async () => {
        throw new Error('even niet');
      },
    });
    await enqueue(ctx.db, [
      { appId: ctx.appId, kind: 'test-permanent', idempotencyKey: 'perm:1', payload: {} },
      { appId: ctx.appId, kind: 'test-flaky', idempotencyKey: 'flaky:1', payload: {}, maxAttempts: 3 },
    ]);
    await worker.drain();
    expect(await jobByKey('perm:1')).toMatchObject({ status: 'failed', attempts: 1, lastError: 'kan niet' });
    const flaky = await jobByKey('flaky:1');
    expect(flaky).toMatchObject({ status: 'waiting', attempts: 1, lastError: 'even niet' });
    expect(flaky!.runAt.getTime()).toBeGreaterThan(Date.now() + 5_000);
    await worker.drain({ ignoreRunAt: true });
    expect(await jobByKey('flaky:1')).toMatchObject({ status: 'failed', attempts: 3 });
    expect(backoffMs(1)).toBeLessThan(backoffMs(4));
    expect(backoffMs(30)).toBeLessThanOrEqual(3_600_000 * 1.2);
  });

  it('on shutdown waits for running jobs a bounded time, then gives them back to the queue', async () => {
    let release: () => void = () => undefined;
    const worker = testWorker({
      'test-slow': () =>
        new Promise((resolve) => {
          release = () => resolve({ outcome: 'late' });
        }),
    });
    await enqueue(ctx.db, [{ appId: ctx.appId, kind: 'test-slow', idempotencyKey: 'slow:1', payload: {} }]);
    worker.start();
    worker.wake();
    for (let i = 0; i < 200 && (await jobByKey('slow:1'))?.status !== 'running'; i += 1) {
      await new Promise((r) => setTimeout(r, 10));
    }
    await worker.stop(50);
    // Waiting again and due now: another process takes it at once, not after the lease.
    const given = await jobByKey('slow:1');
    expect(given).toMatchObject({ status: 'waiting', lockedUntil: null });
    // The slow handler finishing after all does not mark it done: the job is no longer ours.
    release();
    await new Promise((r) => setTimeout(r, 50));
    expect(await jobByKey('slow:1')).toMatchObject({ status: 'waiting' });
    await ctx.db.delete(jobs).where(eq(jobs.idempotencyKey, 'slow:1'));
  });
});

describe('scheduled pruning', () => {
  it('deletes expired refresh tokens, old audit rows and old finished jobs, and keeps the rest', async () => {
    const token = (hash: string, expiresAt: Date, revoked = false) => ({
      appId: ctx.appId,
      userId: lid.id,
      tokenHash: hash,
      familyId: `family-${hash}`,
      expiresAt,
      revokedAt: revoked ? new Date() : null,
    });
    const day = 24 * 3600 * 1000;
    await ctx.db
      .insert(refreshTokens)
      .values([
        token('expired', new Date(Date.now() - day)),
        token('revoked-expired', new Date(Date.now() - 1000), true),
        token('revoked-valid', new Date(Date.now() + day), true),
        token('valid', new Date(Date.now() + day)),
      ]);
    await ctx.db.insert(auditLog).values([
      { appId: ctx.appId, action: 'test.old', createdAt: new Date(Date.now() - 400 * day) },
      { appId: ctx.appId, action: 'test.recent', createdAt: new Date(Date.now() - 300 * day) },
    ]);
    await enqueue(ctx.db, [welcome('finished:old'), welcome('finished:recent')]);
    await ctx.app.jobs.drain();
    await ctx.db
      .update(jobs)
      .set({ finishedAt: sql`now() - interval '31 days'` })
      .where(eq(jobs.idempotencyKey, 'finished:old'));

    const counts = await pruneOldRows(ctx.db, { auditLogRetentionDays: 365 });
    expect(counts).toMatchObject({ refreshTokens: 2, auditLog: 1 });
    expect(counts.jobs).toBeGreaterThanOrEqual(1);
    const hashes = (await ctx.db.select().from(refreshTokens)).map((row) => row.tokenHash).sort();
    expect(hashes).toEqual(['revoked-valid', 'valid']);
    const actions = (await ctx.db.select().from(auditLog)).map((row) => row.action);
    expect(actions).toContain('test.recent');
    expect(actions).not.toContain('test.old');
    expect(await jobByKey('finished:old')).toBeUndefined();
    expect(await jobByKey('finished:recent')).toBeDefined();
  });

  it('deletes in bounded batches until nothing old is left', async () => {
    const old = new Date(Date.now() - 400 * 24 * 3600 * 1000);
    await ctx.db
      .insert(auditLog)
      .values(
        Array.from({ length: 2500 }, () => ({ appId: ctx.appId, action: 'test.bulk', createdAt: old })),
      );
    expect(await pruneOldRows(ctx.db, { auditLogRetentionDays: 365 })).toMatchObject({ auditLog: 2500 });
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'test.bulk'))).toEqual([]);
  });

  it("keeps a farm's latest 1,000 Mollie webhook calls and drops the older ones", async () => {
    await ctx.db.insert(mollieWebhookCalls).values(
      Array.from({ length: 1205 }, (_, i) => ({
        appId: ctx.appId,
        paymentId: `tr_call${i}`,
        outcome: 'unknown-payment',
      })),
    );
    expect(await pruneOldRows(ctx.db, { auditLogRetentionDays: 365 })).toMatchObject({ webhookCalls: 205 });
    const kept = await ctx.db.select({ paymentId: mollieWebhookCalls.paymentId }).from(mollieWebhookCalls);
    expect(kept).toHaveLength(1000);
    expect(kept.map((row) => row.paymentId)).toContain('tr_call1204');
    expect(kept.map((row) => row.paymentId)).not.toContain('tr_call204');
    expect(await pruneOldRows(ctx.db, { auditLogRetentionDays: 365 })).toMatchObject({ webhookCalls: 0 });
  });

  it('runs as a recurring job, once per hour across processes', async () => {
    const now = Date.now();
    // Two processes enqueue the same hour's job: one job.
    await ctx.app.jobs.enqueueRecurring(now);
    await ctx.app.jobs.enqueueRecurring(now);
    const hourKey = `prune:${Math.floor(now / 3_600_000)}`;
    expect(await ctx.db.select().from(jobs).where(eq(jobs.idempotencyKey, hourKey))).toHaveLength(1);
    await ctx.app.jobs.drain();
    expect(await jobByKey(hourKey)).toMatchObject({ status: 'done' });
  });
});
