import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.js';
import { jobs } from '../db/schema/index.js';

export type Job = typeof jobs.$inferSelect;

/** A job to run once: `idempotencyKey` names what it does, so enqueueing it again changes nothing. */
export interface JobInput {
  appId: string | null;
  kind: string;
  idempotencyKey: string;
  groupKey?: string;
  payload: Record<string, unknown>;
  maxAttempts?: number;
  runAt?: Date;
}

type Writer = Pick<Database, 'insert'> | Pick<Transaction, 'insert'>;

/**
 * Adds jobs, inside the caller's transaction when there is one, so a job exists exactly when the change
 * that caused it commits. A key already queued (a double click, a retried request) is skipped; answers
 * how many jobs are new.
 */
export async function enqueue(db: Writer, items: readonly JobInput[]): Promise<number> {
  if (items.length === 0) return 0;
  let added = 0;
  // Batches keep one statement under PostgreSQL's 65,535 parameters for large rounds.
  for (let start = 0; start < items.length; start += 1000) {
    const rows = await db
      .insert(jobs)
      .values(
        items.slice(start, start + 1000).map((item) => ({
          appId: item.appId,
          kind: item.kind,
          idempotencyKey: item.idempotencyKey,
          groupKey: item.groupKey ?? null,
          payload: item.payload,
          maxAttempts: item.maxAttempts ?? 5,
          runAt: item.runAt ?? sql`now()`,
        })),
      )
      .onConflictDoNothing({ target: jobs.idempotencyKey })
      .returning({ id: jobs.id });
    added += rows.length;
  }
  return added;
}

/**
 * Claims up to `limit` due jobs for this process: waiting ones whose time has come, and running ones
 * whose claim lapsed (their process died). `for update skip locked` lets several processes claim at
 * once without taking the same job; each claim counts as an attempt and holds the job for `leaseSeconds`.
 * `ignoreRunAt` (tests only) takes waiting jobs before their retry time.
 */
export async function claimJobs(
  db: Database,
  limit: number,
  leaseSeconds: number,
  options: { ignoreRunAt?: boolean } = {},
): Promise<Job[]> {
  if (limit <= 0) return [];
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      or(
        options.ignoreRunAt
          ? eq(jobs.status, 'waiting')
          : and(eq(jobs.status, 'waiting'), lte(jobs.runAt, sql`now()`)),
        and(eq(jobs.status, 'running'), lte(jobs.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(inArray(jobs.id, due))
    .returning();
}

/** Only the latest claim of a job may change it: a process whose lease lapsed finds nothing to update. */
const heldBy = (job: Job) =>
  and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts));

/**
 * Marks a claimed job done with its outcome, and runs `record` (an e-mail log row…) in the same
 * transaction, only when this process still holds the job. The payload is emptied: a reset link must
 * not stay readable in the queue. Answers whether the job was still ours.
 */
export async function finishJob(
  db: Database,
  job: Job,
  outcome: string | null,
  record?: (tx: Transaction) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(jobs)
      .set({
        status: 'done',
        outcome,
        payload: {},
        lockedUntil: null,
        finishedAt: sql`now()`,
      })
      .where(heldBy(job))
      .returning({ id: jobs.id });
    if (rows.length === 0) return false;
    if (record) await record(tx);
    return true;
  });
}

/** After a failed attempt: try again at `retryAt`, or, with no attempts left, record the failure for good. */
export async function failJob(
  db: Database,
  job: Job,
  error: string,
  retryAt: Date | null,
  record?: (tx: Transaction) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(jobs)
      .set(
        retryAt
          ? { status: 'waiting', runAt: retryAt, lockedUntil: null, lastError: error }
          : {
              status: 'failed',
              outcome: 'failed',
              payload: {},
              lockedUntil: null,
              lastError: error,
              finishedAt: sql`now()`,
            },
      )
      .where(heldBy(job))
      .returning({ id: jobs.id });
    if (rows.length === 0) return false;
    if (!retryAt && record) await record(tx);
    return true;
  });
}

/**
 * Gives claimed jobs back (a shutdown that could not wait for them): waiting again and due now, so another
 * process takes them. The attempt stays counted: it is the fencing token, and lowering it would let this
 * process's late finish pass for the next claim's.
 */
export async function releaseJobs(db: Database, held: readonly Job[]): Promise<void> {
  for (const job of held) {
    await db
      .update(jobs)
      .set({
        status: 'waiting',
        runAt: sql`now()`,
        lockedUntil: null,
      })
      .where(heldBy(job));
  }
}
