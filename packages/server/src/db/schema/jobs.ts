import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { apps } from './apps.js';
import { createdAt } from './columns.js';

export type JobStatus = 'waiting' | 'running' | 'done' | 'failed';

/**
 * The durable job queue (ADR 048): every e-mail and web push, and the scheduled pruning, is a row here.
 * Server-level (one worker claims across farms), but a farm's job carries its `app_id`; the server's own
 * jobs (pruning) have none. `idempotency_key` makes enqueueing the same thing twice a no-op;
 * `group_key` gathers the jobs of one post e-mail round for its progress.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    appId: text('app_id').references(() => apps.appId, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    groupKey: text('group_key'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<JobStatus>().notNull().default('waiting'),
    /** Claims so far; also the fencing token: only the holder of the latest claim may finish the job. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** While running: after this moment the claim has lapsed (its process died) and anyone may claim it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** What a finished job came to (`sent`, `not_sent` for an e-mail), for progress counts. */
    outcome: text('outcome'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('jobs_status', sql`${t.status} in ('waiting', 'running', 'done', 'failed')`),
    index('jobs_due').on(t.status, t.runAt),
    index('jobs_app_group').on(t.appId, t.groupKey),
    index('jobs_finished').on(t.finishedAt),
    // A farm's e-mails still in the queue (Management/sendEmails, decision 092).
    index('jobs_app_open')
      .on(t.appId, t.kind)
      .where(sql`${t.status} in ('waiting', 'running')`),
  ],
);
