import { eq, sql } from 'drizzle-orm';
import type { AnalystAnswer } from '@pluk/contract';
import { creditEntries, taskAssignments, tasks } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import {
  answer,
  byBucket,
  gather,
  point,
  seriesWhere,
  toSeries,
  type AnalystRange,
  type Series,
} from './range.js';

/** Places offered per bucket of the chore's start. */
async function places(range: AnalystRange): Promise<Series> {
  const rows = await tenantDb(range.db, range.appId)
    .select(point(tasks.startsAt, range, sql`sum(${tasks.places})`))
    .from(tasks)
    .where(seriesWhere(tasks.startsAt, range))
    .groupBy(byBucket);
  return toSeries(rows);
}

/** Chores taken: assignments per bucket of the moment they were made. */
async function taken(range: AnalystRange): Promise<Series> {
  const rows = await tenantDb(range.db, range.appId)
    .select(point(taskAssignments.createdAt, range, sql`count(*)`))
    .from(taskAssignments)
    .where(seriesWhere(taskAssignments.createdAt, range))
    .groupBy(byBucket);
  return toSeries(rows);
}

/** Assignments a TaskManager confirmed, per bucket of the confirmation. */
export async function confirmedChores(range: AnalystRange): Promise<Series> {
  const rows = await tenantDb(range.db, range.appId)
    .select(point(taskAssignments.handledAt, range, sql`count(*)`))
    .from(taskAssignments)
    .where(seriesWhere(taskAssignments.handledAt, range, eq(taskAssignments.status, 'confirmed')))
    .groupBy(byBucket);
  return toSeries(rows);
}

/** Credits (werkpunten) earned per bucket of the credit entry. */
async function credits(range: AnalystRange): Promise<Series> {
  const rows = await tenantDb(range.db, range.appId)
    .select(point(creditEntries.createdAt, range, sql`sum(${creditEntries.amount})`))
    .from(creditEntries)
    .where(seriesWhere(creditEntries.createdAt, range))
    .groupBy(byBucket);
  return toSeries(rows);
}

/** `GET analyst/Task`. */
export async function taskAnalysis(range: AnalystRange): Promise<AnalystAnswer<'task'>> {
  return answer<'task'>(
    range,
    await gather({
      places: places(range),
      taken: taken(range),
      confirmed: confirmedChores(range),
      credits: credits(range),
    }),
  );
}
