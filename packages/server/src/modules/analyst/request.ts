import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AnalystAnswer } from '@pluk/contract';
import { requests } from '../../db/schema/index.js';
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
import { ledgerCents } from './wallet.js';

/** Requests per bucket of one of their moments (opened, taken, completed). */
async function requestCount(range: AnalystRange, moment: PgColumn, only?: SQL): Promise<Series> {
  const rows = await tenantDb(range.db, range.appId)
    .select(point(moment, range, sql`count(*)`))
    .from(requests)
    .where(seriesWhere(moment, range, only))
    .groupBy(byBucket);
  return toSeries(rows);
}

/** Requests the requester confirmed (the reward moved), per bucket of that moment. */
export const confirmedRequests = (range: AnalystRange) =>
  requestCount(range, requests.completedAt, eq(requests.status, 'completed'));

/** `GET analyst/Request`. */
export async function requestAnalysis(range: AnalystRange): Promise<AnalystAnswer<'request'>> {
  return answer<'request'>(
    range,
    await gather({
      opened: requestCount(range, requests.createdAt),
      taken: requestCount(range, requests.takenAt),
      confirmed: confirmedRequests(range),
      rewardsCents: ledgerCents(range, ['reward']),
    }),
  );
}
