import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { AnalystAnswer } from '@pluk/contract';
import { eventAttendances, events } from '../../db/schema/index.js';
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
  tableSeries,
} from './range.js';

/** People (the member and their guests) of the sign-ups matching `status`, per bucket of the event's start. */
export async function eventPeople(range: AnalystRange, status: SQL): Promise<Series> {
  const rows = await tenantDb(range.db, range.appId)
    .select(point(events.startsAt, range, sql`sum(1 + ${eventAttendances.guests})`))
    .from(eventAttendances)
    .innerJoin(events, eq(events.id, eventAttendances.eventId))
    .where(and(seriesWhere(events.startsAt, range), status))
    .groupBy(byBucket);
  return toSeries(rows);
}

export const attendedPeople = (range: AnalystRange) =>
  eventPeople(range, eq(eventAttendances.status, 'confirmed'));

/** `GET analyst/Event`. */
export async function eventAnalysis(range: AnalystRange): Promise<AnalystAnswer<'event'>> {
  return answer<'event'>(
    range,
    await gather({
      events: tableSeries(range, events, events.startsAt, sql`count(*)`),
      signedUp: eventPeople(range, ne(eventAttendances.status, 'refused')),
      attended: attendedPeople(range),
    }),
  );
}
