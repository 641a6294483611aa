import type { FastifyInstance } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import { tenantDb } from '../../../db/tenant.js';
import {
  apps,
  bankReminderPauses,
  bankReminders,
  bankTransactions,
  users,
} from '../../../db/schema/index.js';
import { inTransaction } from '../../../db/transaction.js';
import type { JobHandler } from '../../../jobs/worker.js';
import { tenantOfApp } from '../../../plugins/app-resolver.js';
import { farmToday, paymentEmailFarm } from '../emails/generate.js';
import { readReminderSchedule } from './schedule.js';
import { sendReminder } from './send-reminder.js';

export const bankReminderJobKind = 'bank-reminders';
/** The schedule is looked at once an hour across all processes; what is due goes out then, once. */
export const bankReminderPeriodMs = 3_600_000;
/** Reminders per farm per run: a backlog goes out over the next runs, never in one long job. */
const perFarmPerRun = 500;

/**
 * The open transactions of a farm whose next reminder is due (ADR 093): a member with an e-mail address
 * whose reminders are not paused, fewer than `maxCount` reminders so far, the first `firstAfterDays`
 * after the due date, each next one `everyDays` after the last (an hour's slack: the job runs hourly).
 */
async function dueTransactionIds(
  app: FastifyInstance,
  appId: string,
  schedule: { firstAfterDays: number; everyDays: number; maxCount: number },
  now: Date,
): Promise<number[]> {
  const today = farmToday(now);
  const sent = sql`(select count(*) from ${bankReminders} r where r.app_id = ${bankTransactions.appId} and r.transaction_id = ${bankTransactions.id})`;
  const last = sql`(select max(r.created_at) from ${bankReminders} r where r.app_id = ${bankTransactions.appId} and r.transaction_id = ${bankTransactions.id})`;
  const rows = await tenantDb(app.db, appId)
    .select({ id: bankTransactions.id })
    .from(bankTransactions)
    .innerJoin(users, and(eq(users.appId, bankTransactions.appId), eq(users.id, bankTransactions.userId)))
    .where(
      and(
        eq(bankTransactions.appId, appId),
        eq(bankTransactions.status, 'open'),
        sql`coalesce(trim(${users.email}), '') <> ''`,
        sql`not exists (select 1 from ${bankReminderPauses} p where p.app_id = ${bankTransactions.appId} and p.user_id = ${bankTransactions.userId})`,
        sql`${bankTransactions.dueDate} + ${schedule.firstAfterDays}::int <= ${today}::date`,
        sql`${sent} < ${schedule.maxCount}`,
        sql`(${last} is null or ${last} <= ${now.toISOString()}::timestamptz - make_interval(days => ${schedule.everyDays}::int) + interval '1 hour')`,
      ),
    )
    .orderBy(asc(bankTransactions.id))
    .limit(perFarmPerRun);
  return rows.map((row) => row.id);
}

export interface DueRemindersResult {
  sent: number;
  farms: number;
}

/**
 * Sends every reminder that is due, farm by farm (farm tables are only reached through the tenant
 * scope, ADR 049), each transaction in its own database transaction: one mail job per reminder, keyed by
 * transaction and number, so a run that overlaps another or reruns after a crash mails nobody twice.
 */
export async function sendDueReminders(
  app: FastifyInstance,
  now: Date = new Date(),
): Promise<DueRemindersResult> {
  const farms = await app.db.select({ appId: apps.appId }).from(apps).orderBy(asc(apps.appId));
  let sent = 0;
  let farmsWithSchedule = 0;
  for (const { appId } of farms) {
    const schedule = await readReminderSchedule(app.db, appId);
    if (!schedule.enabled) continue;
    farmsWithSchedule += 1;
    const ids = await dueTransactionIds(app, appId, schedule, now);
    if (ids.length === 0) continue;
    const tenant = await tenantOfApp(app.db, appId);
    if (!tenant) continue;
    const farm = await paymentEmailFarm(app, tenant);
    const today = farmToday(now);
    for (const id of ids) {
      const outcome = await inTransaction(app.db, (tx) =>
        sendReminder(tx, appId, id, { farm, today, actor: null }),
      );
      if (outcome.sent) sent += 1;
    }
  }
  if (sent > 0) app.jobs.wake();
  return { sent, farms: farmsWithSchedule };
}

export function bankReminderJobHandler(app: FastifyInstance): JobHandler {
  return {
    async run() {
      return { outcome: JSON.stringify(await sendDueReminders(app)) };
    },
  };
}
