import { and, asc, eq, sql } from 'drizzle-orm';
import type { MyCredits } from '@pluk/contract';
import type { Database } from '../../db/client.js';
import { tenantDb } from '../../db/tenant.js';
import { creditEntries, taskAssignments, tasks } from '../../db/schema/index.js';
import type { AuthUser } from '../../types.js';
import { currentHarvestYear } from '../harvest-year.js';
import { requiredCredits } from '../subscription/service.js';

/**
 * My credits of the current harvest year: one entry per confirmed task, dated by the task (or, once the
 * task is deleted, by when the credits were granted). `required` is what my subscriptions of the year
 * require (the highest of them; null without one, decision 074).
 */
export async function myCredits(db: Database, user: AuthUser, now = new Date()): Promise<MyCredits> {
  const year = await currentHarvestYear(db, user.appId, now);
  const date = sql<Date>`coalesce(${tasks.startsAt}, ${creditEntries.createdAt})`;
  const rows = await tenantDb(db, user.appId)
    .select({
      id: creditEntries.id,
      date,
      taskId: tasks.id,
      taskTitle: creditEntries.description,
      amount: creditEntries.amount,
    })
    .from(creditEntries)
    .leftJoin(taskAssignments, eq(taskAssignments.id, creditEntries.taskAssignmentId))
    .leftJoin(tasks, eq(tasks.id, taskAssignments.taskId))
    .where(
      and(
        eq(creditEntries.appId, user.appId),
        eq(creditEntries.userId, user.id),
        eq(creditEntries.harvestYear, year.year),
      ),
    )
    .orderBy(asc(date), asc(creditEntries.id));
  const entries = rows.map((r) => ({
    id: r.id,
    date: new Date(r.date).toISOString(),
    taskId: r.taskId ?? null,
    taskTitle: r.taskTitle,
    amount: r.amount,
  }));
  return {
    harvestYear: year.year,
    startsOn: year.startsOn,
    endsOn: year.endsOn,
    entries,
    total: entries.reduce((sum, e) => sum + e.amount, 0),
    required: await requiredCredits(db, user.appId, user.id, year.year),
  };
}
