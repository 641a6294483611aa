import { eq, sql } from 'drizzle-orm';
import type { AnalystAnswer } from '@pluk/contract';
import { productReservations, products } from '../../db/schema/index.js';
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

/** Offers listed per bucket of their creation. */
async function listed(range: AnalystRange): Promise<Series> {
  const rows = await tenantDb(range.db, range.appId)
    .select(point(products.createdAt, range, sql`count(*)`))
    .from(products)
    .where(seriesWhere(products.createdAt, range))
    .groupBy(byBucket);
  return toSeries(rows);
}

/** Sales: reservations the owner confirmed as paid, per bucket of the confirmation. */
export async function sales(range: AnalystRange): Promise<Series> {
  const rows = await tenantDb(range.db, range.appId)
    .select(point(productReservations.handledAt, range, sql`count(*)`))
    .from(productReservations)
    .where(seriesWhere(productReservations.handledAt, range, eq(productReservations.status, 'paid')))
    .groupBy(byBucket);
  return toSeries(rows);
}

/** `GET analyst/Product`. */
export async function productAnalysis(range: AnalystRange): Promise<AnalystAnswer<'product'>> {
  return answer<'product'>(
    range,
    await gather({ listed: listed(range), sold: sales(range), salesCents: ledgerCents(range, ['purchase']) }),
  );
}
