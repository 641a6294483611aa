import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../db/client.js';
import { describeDatabaseFailure, isDatabaseUnavailable } from '../lib/db-errors.js';
import { claimJobs, enqueue, failJob, finishJob, releaseJobs, type Job } from './queue.js';

/** What a job came to; `record` runs in the transaction that marks the job done (an e-mail log row…). */
export interface JobResult {
  outcome: string | null;
  record?: (tx: Transaction) => Promise<void>;
}

export interface JobHandler {
  run(job: Job): Promise<JobResult>;
  /**
   * Prepares the record of a permanent failure; the answer runs in the transaction that marks the job
   * failed (it must use that transaction only).
   */
  failed?(job: Job, error: string): Promise<(tx: Transaction) => Promise<void>>;
}

/** Thrown by a handler when trying again cannot help (the job is then failed at once). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export interface WorkerOptions {
  concurrency: number;
  leaseSeconds: number;
  pollMs: number;
}

/** Waits before the next attempt: 10 s, 20 s, 40 s, … up to an hour, with ±20 % jitter. */
export function backoffMs(attempts: number): number {
  const base = Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/**
 * Runs the queued jobs of this process: claims due jobs (at most `concurrency` at a time), runs each with
 * its kind's handler, marks it done or schedules a retry with backoff, and records a permanent failure.
 * Idle, it looks again every `pollMs`; `wake()` (after a request enqueued) looks at once. Tests do not
 * start it and call `drain()` instead, which runs every due job to the end, deterministically.
 */
export class JobWorker {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly running = new Map<number, { job: Job; done: Promise<void> }>();
  private readonly recurring: { kind: string; periodMs: number }[] = [];
  private timers: NodeJS.Timeout[] = [];
  private pollTimer: NodeJS.Timeout | undefined;
  private claiming: Promise<number> = Promise.resolve(0);
  private started = false;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: WorkerOptions,
  ) {}

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** A job of `kind` once per `periodMs` across every process (its key names the period). */
  every(kind: string, periodMs: number): void {
    this.recurring.push({ kind, periodMs });
  }

  /** Enqueues this period's recurring jobs (no-op when another process already did). */
  async enqueueRecurring(now = Date.now()): Promise<void> {
    await enqueue(
      this.db,
      this.recurring.map(({ kind, periodMs }) => ({
        appId: null,
        kind,
        idempotencyKey: `${kind}:${Math.floor(now / periodMs)}`,
        payload: {},
        maxAttempts: 3,
      })),
    );
  }

  /** Starts claiming in the background (the server; tests use `drain`). */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    for (const { periodMs } of this.recurring) {
      const timer = setInterval(() => void this.enqueueRecurringSafely(), Math.min(periodMs, 3_600_000));
      timer.unref();
      this.timers.push(timer);
    }
    void this.enqueueRecurringSafely();
    this.wake();
  }

  /** Looks for due jobs now (call after a commit that enqueued some). */
  wake(): void {
    if (!this.started || this.stopped) return;
    void this.claimAndRun().finally(() => this.schedulePoll());
  }

  /**
   * Runs every due job, and the jobs those enqueue, until none is due and none is running. With
   * `ignoreRunAt` retries waiting for their backoff run at once too (tests of permanent failure).
   */
  async drain(options: { ignoreRunAt?: boolean } = {}): Promise<void> {
    for (;;) {
      const claimed = await this.claimAndRun(options);
      if (claimed === 0 && this.running.size === 0) return;
      if (claimed === 0) await Promise.race([...this.running.values()].map((r) => r.done));
    }
  }

  /**
   * Stops claiming, waits up to `graceMs` for the running jobs, then gives back the ones still running
   * so another process takes them at once instead of after their lease.
   */
  async stop(graceMs: number): Promise<void> {
    this.stopped = true;
    clearTimeout(this.pollTimer);
    for (const timer of this.timers) clearInterval(timer);
    await this.claiming.catch(() => undefined);
    const pending = [...this.running.values()];
    if (pending.length === 0) return;
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(pending.map((r) => r.done)),
      new Promise<void>((resolve) => {
        timeout = setTimeout(resolve, graceMs);
      }),
    ]);
    clearTimeout(timeout);
    const left = [...this.running.values()].map((r) => r.job);
    if (left.length > 0) {
      this.log.warn({ jobs: left.map((j) => j.id) }, 'shutting down: releasing running jobs');
      await releaseJobs(this.db, left);
    }
  }

  private schedulePoll(): void {
    if (!this.started || this.stopped) return;
    clearTimeout(this.pollTimer);
    this.pollTimer = setTimeout(() => this.wake(), this.options.pollMs);
    this.pollTimer.unref();
  }

  private async enqueueRecurringSafely(): Promise<void> {
    try {
      await this.enqueueRecurring();
      this.wake();
    } catch (err) {
      this.logFailure(err, 'recurring jobs could not be enqueued');
      // Not an hour later: this period's run would be lost. Once more after a first retry's backoff.
      if (this.started && !this.stopped) {
        const retry = setTimeout(() => void this.enqueueRecurringSafely(), backoffMs(1));
        retry.unref();
        this.timers.push(retry);
      }
    }
  }

  /** A database that is away is expected now and then: a warning without a stack (ADR 051). */
  private logFailure(err: unknown, message: string, context: Record<string, unknown> = {}): void {
    if (isDatabaseUnavailable(err)) {
      this.log.warn({ ...context, ...describeDatabaseFailure(err) }, `${message}: database unavailable`);
    } else this.log.error({ ...context, err }, message);
  }

  /** Claims as many due jobs as there are free slots and starts them; one claim at a time. */
  private claimAndRun(options: { ignoreRunAt?: boolean } = {}): Promise<number> {
    const next = this.claiming.then(async () => {
      if (this.stopped) return 0;
      const free = this.options.concurrency - this.running.size;
      let claimed: Job[];
      try {
        claimed = await claimJobs(this.db, free, this.options.leaseSeconds, options);
      } catch (err) {
        this.logFailure(err, 'jobs could not be claimed');
        return 0;
      }
      for (const job of claimed) {
        const done = this.execute(job).finally(() => {
          this.running.delete(job.id);
          // A free slot: take the next due job at once rather than at the next poll.
          this.wake();
        });
        this.running.set(job.id, { job, done });
      }
      return claimed.length;
    });
    this.claiming = next.catch(() => 0);
    return next;
  }

  private async execute(job: Job): Promise<void> {
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new PermanentJobError(`no handler for job kind ${job.kind}`);
      const result = await handler.run(job);
      const ours = await finishJob(this.db, job, result.outcome, result.record);
      if (!ours) this.log.warn({ jobId: job.id }, 'job finished after its lease lapsed');
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const permanent = err instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      const retryAt = permanent ? null : new Date(Date.now() + backoffMs(job.attempts));
      const context = { jobId: job.id, kind: job.kind, attempts: job.attempts, permanent };
      if (isDatabaseUnavailable(err)) {
        this.log.warn({ ...context, ...describeDatabaseFailure(err) }, 'job failed: database unavailable');
      } else this.log.warn({ ...context, err }, 'job failed');
      try {
        const record = !retryAt && handler?.failed ? await handler.failed(job, message) : undefined;
        await failJob(this.db, job, message, retryAt, record);
      } catch (recordError) {
        // The lease runs out and the job is tried again: nothing is lost.
        this.logFailure(recordError, 'job failure could not be recorded', { jobId: job.id });
      }
    }
  }
}
