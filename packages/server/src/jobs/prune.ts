import { and, desc, inArray, lt, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import {
  apps,
  auditLog,
  jobs,
  mollieWebhookCalls,
  rateLimitCounters,
  refreshTokens,
} from '../db/schema/index.js';
import { tenantDb } from '../db/tenant.js';
import { pruneMyDataExports } from '../modules/user/my-data.js';
import type { JobHandler } from './worker.js';

export const pruneJobKind = 'prune';
/** The pruning job runs once an hour across all processes (its key names the hour). */
export const prunePeriodMs = 3_600_000;
/** Rows deleted per statement, so a large backlog never holds long locks. */
export const pruneBatchSize = 1000;
/** At most this many batches per table per run; the next hour continues. */
const maxBatches = 50;
/** Finished jobs are kept this long: the progress of a post's e-mail round, and its idempotency keys. */
export const finishedJobRetentionDays = 30;

/** Mollie's webhook calls kept per farm: the Mollie page shows the latest; anyone can post a well-formed id. */
export const webhookCallsKept = 1000;

export interface PruneCounts {
  refreshTokens: number;
  auditLog: number;
  jobs: number;
  webhookCalls: number;
  rateLimitCounters: number;
  /** ZIPs of members' data past their 24 hours, emptied (decision 101). */
  myDataExports: number;
}

async function inBatches(deleteBatch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < pruneBatchSize) break;
  }
  return total;
}

/**
 * Deletes what has outlived its use, in bounded batches: refresh tokens past their expiry (a used or
 * revoked token is kept until then, so a replay inside its lifetime is still recognised), audit rows
 * older than AUDIT_LOG_RETENTION_DAYS, finished jobs older than 30 days, Mollie webhook calls beyond
 * the latest 1,000 of a farm, rate-limit counters whose window has ended, and members' data ZIPs past
 * their 24 hours (decision 101).
 */
export async function pruneOldRows(
  db: Database,
  options: { auditLogRetentionDays: number },
): Promise<PruneCounts> {
  let refresh = 0;
  let audit = 0;
  let webhookCalls = 0;
  let myData = 0;
  // Farm tables are only reached through the tenant scope (ADR 049): the job walks the farms one by one.
  const farms = await db.select({ appId: apps.appId }).from(apps);
  for (const { appId } of farms) {
    const farm = tenantDb(db, appId);
    myData += await pruneMyDataExports(db, appId);
    refresh += await inBatches(async () => {
      const due = await farm
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(lt(refreshTokens.expiresAt, sql`now()`))
        .limit(pruneBatchSize);
      if (due.length === 0) return 0;
      const rows = await farm
        .delete(refreshTokens)
        .where(
          inArray(
            refreshTokens.id,
            due.map((row) => row.id),
          ),
        )
        .returning({ id: refreshTokens.id });
      return rows.length;
    });
    audit += await inBatches(async () => {
      const due = await farm
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(lt(auditLog.createdAt, sql`now() - make_interval(days => ${options.auditLogRetentionDays})`))
        .limit(pruneBatchSize);
      if (due.length === 0) return 0;
      const rows = await farm
        .delete(auditLog)
        .where(
          inArray(
            auditLog.id,
            due.map((row) => row.id),
          ),
        )
        .returning({ id: auditLog.id });
      return rows.length;
    });
    webhookCalls += await inBatches(async () => {
      // The id of the oldest call kept (ids grow with time); everything older goes, a batch at a time.
      const [oldestKept] = await farm
        .select({ id: mollieWebhookCalls.id })
        .from(mollieWebhookCalls)
        .orderBy(desc(mollieWebhookCalls.id))
        .offset(webhookCallsKept - 1)
        .limit(1);
      if (!oldestKept) return 0;
      const due = await farm
        .select({ id: mollieWebhookCalls.id })
        .from(mollieWebhookCalls)
        .where(lt(mollieWebhookCalls.id, oldestKept.id))
        .limit(pruneBatchSize);
      if (due.length === 0) return 0;
      const rows = await farm
        .delete(mollieWebhookCalls)
        .where(
          inArray(
            mollieWebhookCalls.id,
            due.map((row) => row.id),
          ),
        )
        .returning({ id: mollieWebhookCalls.id });
      return rows.length;
    });
  }
  const finished = await inBatches(async () => {
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.status, ['done', 'failed']),
          lt(jobs.finishedAt, sql`now() - make_interval(days => ${finishedJobRetentionDays})`),
        ),
      )
      .limit(pruneBatchSize);
    const rows = await db.delete(jobs).where(inArray(jobs.id, due)).returning({ id: jobs.id });
    return rows.length;
  });
  // Rate-limit windows and failed-attempt windows that have ended (PostgreSQL's shared counts, ADR 099):
  // a new hit starts afresh.
  const counters = await inBatches(async () => {
    const due = db
      .select({ key: rateLimitCounters.key })
      .from(rateLimitCounters)
      .where(lt(rateLimitCounters.windowEnds, sql`now()`))
      .limit(pruneBatchSize);
    const rows = await db
      .delete(rateLimitCounters)
      .where(inArray(rateLimitCounters.key, due))
      .returning({ key: rateLimitCounters.key });
    return rows.length;
  });
  return {
    refreshTokens: refresh,
    auditLog: audit,
    jobs: finished,
    webhookCalls,
    rateLimitCounters: counters,
    myDataExports: myData,
  };
}

export function pruneJobHandler(db: Database, config: Pick<Config, 'jobs'>): JobHandler {
  return {
    async run() {
      const counts = await pruneOldRows(db, { auditLogRetentionDays: config.jobs.auditLogRetentionDays });
      return { outcome: JSON.stringify(counts) };
    },
  };
}
