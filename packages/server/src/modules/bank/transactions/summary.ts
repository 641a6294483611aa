import { and, eq, sql } from 'drizzle-orm';
import { paidViaValues, type BankSummary, type PaidVia, type TransactionStatus } from '@pluk/contract';
import type { Database } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { bankTransactions } from '../../../db/schema/index.js';
import { currentHarvestYear } from '../../harvest-year.js';

/**
 * Counts and sums per status of a harvest year (default: the current one), and what was paid each way,
 * in cents: `paid.totalCents` is the sum of `paidBy`, so every euro is accounted for. One grouped read
 * of the farm's year (`bank_transactions_app_year`).
 */
export async function bankSummary(
  db: Database,
  appId: string,
  harvestYear: number | undefined,
): Promise<BankSummary> {
  const year = harvestYear ?? (await currentHarvestYear(db, appId)).year;
  const rows = await tenantDb(db, appId)
    .select({
      status: bankTransactions.status,
      paidVia: bankTransactions.paidVia,
      count: sql<number>`count(*)::int`,
      // A bigint (a farm's year could pass 2^31 cents); postgres.js answers it as text.
      totalCents: sql<string>`coalesce(sum(${bankTransactions.amountCents}), 0)::bigint`,
    })
    .from(bankTransactions)
    .where(and(eq(bankTransactions.appId, appId), eq(bankTransactions.harvestYear, year)))
    .groupBy(bankTransactions.status, bankTransactions.paidVia);
  const byStatus: Record<TransactionStatus, { count: number; totalCents: number }> = {
    open: { count: 0, totalCents: 0 },
    paid: { count: 0, totalCents: 0 },
    cancelled: { count: 0, totalCents: 0 },
  };
  const paidBy = Object.fromEntries(paidViaValues.map((via) => [via, 0])) as Record<PaidVia, number>;
  for (const row of rows) {
    const status = row.status as TransactionStatus;
    const cents = Number(row.totalCents);
    byStatus[status].count += Number(row.count);
    byStatus[status].totalCents += cents;
    if (status === 'paid' && row.paidVia) paidBy[row.paidVia as PaidVia] += cents;
  }
  return { harvestYear: year, ...byStatus, paidBy };
}
