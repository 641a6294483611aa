import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { formatEuros } from '@pluk/contract';
import type { Database } from '../../../db/client.js';
import { apps, bankTransactions, users } from '../../../db/schema/index.js';
import { tenantDb } from '../../../db/tenant.js';
import { inTransaction } from '../../../db/transaction.js';
import type { JobHandler } from '../../../jobs/worker.js';
import { literalFlag } from '../../../lib/paging.js';
import { formatDay } from '../../../mail/payment-templates.js';
import { insertNotifications, type NotificationInput } from '../../notification/notify.js';
import { farmToday } from '../transactions/dates.js';
import { paymentLink } from './links.js';

export const paymentDueJobKind = 'payment-due';
/** Looked for once an hour across all processes (the recurring job's key names the hour, ADR 048). */
export const paymentDuePeriodMs = 3_600_000;
/** Transactions told per database transaction; a larger backlog continues in the next batch. */
const batchSize = 200;

/** The member's notification for one transaction that falls due today or fell due before. */
export function dueNotification(
  row: { userId: number; publicId: string; description: string; amountCents: number; dueDate: string },
  today: string,
): NotificationInput {
  const amount = formatEuros(row.amountCents);
  return {
    userId: row.userId,
    title: row.dueDate === today ? 'Je betaling vervalt vandaag' : 'Je betaling is vervallen',
    body:
      row.dueDate === today
        ? `${row.description}: ${amount}, te betalen vandaag.`
        : `${row.description}: ${amount}, te betalen vóór ${formatDay(row.dueDate)}.`,
    link: paymentLink(row.publicId),
  };
}

/**
 * One batch of one farm (decision 090): open transactions of an active, approved member whose due date is
 * today or past on the farm's clock and who were not told yet. The rows are locked `for update skip
 * locked`, so two processes never take the same row, and `due_notified_at` is set in the transaction that
 * inserts the notification and its push jobs: each due date is notified exactly once (a manager's new
 * due date clears it). A transaction paid or cancelled meanwhile is not open any more and not told.
 */
async function notifyBatch(db: Database, appId: string, today: string): Promise<number> {
  return inTransaction(db, async (tx) => {
    const farm = tenantDb(tx, appId);
    const due = await farm
      .select({
        id: bankTransactions.id,
        userId: bankTransactions.userId,
        publicId: bankTransactions.publicId,
        description: bankTransactions.description,
        amountCents: bankTransactions.amountCents,
        dueDate: bankTransactions.dueDate,
      })
      .from(bankTransactions)
      .innerJoin(users, eq(users.id, bankTransactions.userId))
      .where(
        and(
          eq(bankTransactions.status, 'open'),
          isNull(bankTransactions.dueNotifiedAt),
          isNotNull(bankTransactions.userId),
          lte(bankTransactions.dueDate, today),
          eq(users.isActive, literalFlag(true)),
          eq(users.isApproved, literalFlag(true)),
        ),
      )
      .orderBy(asc(bankTransactions.dueDate), asc(bankTransactions.id))
      .limit(batchSize)
      .for('update', { of: bankTransactions, skipLocked: true });
    if (due.length === 0) return 0;
    await insertNotifications(
      tx,
      appId,
      due.map((row) => dueNotification({ ...row, userId: row.userId! }, today)),
    );
    await farm
      .update(bankTransactions)
      .set({ dueNotifiedAt: sql`now()` })
      .where(
        inArray(
          bankTransactions.id,
          due.map((row) => row.id),
        ),
      );
    return due.length;
  });
}

/** Tells every farm's members of what fell due; answers how many were told. */
export async function notifyPaymentsDue(db: Database, now: Date = new Date()): Promise<number> {
  const today = farmToday(now);
  // Farm tables are only reached through the tenant scope (ADR 049): the job walks the farms one by one.
  const farms = await db.select({ appId: apps.appId }).from(apps);
  let told = 0;
  for (const { appId } of farms) {
    for (;;) {
      const count = await notifyBatch(db, appId, today);
      told += count;
      if (count < batchSize) break;
    }
  }
  return told;
}

export function paymentDueJobHandler(db: Database): JobHandler {
  return {
    async run() {
      return { outcome: `notified ${await notifyPaymentsDue(db)}` };
    },
  };
}
