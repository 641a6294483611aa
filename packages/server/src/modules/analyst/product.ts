import { eq, sql } from 'drizzle-orm';
import type { AnalystAnswer } from '@pluk/contract';
import { productReservations, products } from '../../db/schema/index.js';
import { answer, gather, tableSeries, type AnalystRange } from './range.js';
import { ledgerCents } from './wallet.js';

/** Sales: reservations the owner confirmed as paid, per bucket of the confirmation. */
export const sales = (range: AnalystRange) =>
  tableSeries(
    range,
    productReservations,
    productReservations.handledAt,
    sql`count(*)`,
    eq(productReservations.status, 'paid'),
  );

/** `GET analyst/Product`: offers listed (by creation), sales and their value (the ledger's purchases). */
export async function productAnalysis(range: AnalystRange): Promise<AnalystAnswer<'product'>> {
  return answer<'product'>(
    range,
    await gather({
      listed: tableSeries(range, products, products.createdAt, sql`count(*)`),
      sold: sales(range),
      salesCents: ledgerCents(range, ['purchase']),
    }),
  );
}
