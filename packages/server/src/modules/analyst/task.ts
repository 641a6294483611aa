import { eq, sql } from 'drizzle-orm';
import type { AnalystAnswer } from '@pluk/contract';
import { creditEntries, taskAssignments, tasks } from '../../db/schema/index.js';
import { answer, gather, tableSeries, type AnalystRange } from './range.js';

/** Assignments a TaskManager confirmed, per bucket of the confirmation. */
export const confirmedChores = (range: AnalystRange) =>
  tableSeries(
    range,
    taskAssignments,
    taskAssignments.handledAt,
    sql`count(*)`,
    eq(taskAssignments.status, 'confirmed'),
  );

/** `GET analyst/Task`: places offered (by the chore's start), taken (assignments made), confirmed, credits. */
export async function taskAnalysis(range: AnalystRange): Promise<AnalystAnswer<'task'>> {
  return answer<'task'>(
    range,
    await gather({
      places: tableSeries(range, tasks, tasks.startsAt, sql`sum(${tasks.places})`),
      taken: tableSeries(range, taskAssignments, taskAssignments.createdAt, sql`count(*)`),
      confirmed: confirmedChores(range),
      credits: tableSeries(range, creditEntries, creditEntries.createdAt, sql`sum(${creditEntries.amount})`),
    }),
  );
}
