import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { formatStructuredReference, type PaidVia, type TransactionStatus } from '@pluk/contract';
import type { Database } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { bankTransactions, subscriptions } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/http-error.js';
import { currentHarvestYear } from '../../harvest-year.js';
import { paidViaLabels, statusLabels } from '../presenter.js';
import { selectManagedTransactions } from '../transactions/read.js';
import {
  dayCell,
  dayFormat,
  euroFormat,
  euros,
  momentCell,
  momentFormat,
  newSheet,
  safeText,
  xlsxBuffer,
} from './spreadsheet.js';

export interface SpreadsheetFile {
  fileName: string;
  data: Buffer;
}

const columns = [
  { header: 'Nr', key: 'id', width: 8 },
  { header: 'Aangemaakt', key: 'createdAt', width: 17, style: { numFmt: momentFormat } },
  { header: 'Lid', key: 'payerName', width: 26 },
  { header: 'E-mail', key: 'email', width: 30 },
  { header: 'Abonnement', key: 'subscription', width: 22 },
  { header: 'Oogstjaar', key: 'harvestYear', width: 10 },
  { header: 'Omschrijving', key: 'description', width: 36 },
  { header: 'Bedrag', key: 'amount', width: 12, style: { numFmt: euroFormat } },
  { header: 'Status', key: 'status', width: 12 },
  { header: 'Vervaldatum', key: 'dueDate', width: 12, style: { numFmt: dayFormat } },
  { header: 'Betaald op', key: 'paidAt', width: 17, style: { numFmt: momentFormat } },
  { header: 'Betaald via', key: 'paidVia', width: 14 },
  { header: 'Gestructureerde mededeling', key: 'reference', width: 24 },
];

/** The farm's transactions matching `filter` as one sheet, the latest first, as on the bank screen. */
async function transactionsSheet(db: Database, appId: string, filter: SQL | undefined): Promise<Buffer> {
  const rows = await selectManagedTransactions(db, appId)
    .where(and(eq(bankTransactions.appId, appId), filter))
    .orderBy(desc(bankTransactions.createdAt), desc(bankTransactions.id));
  const { workbook, sheet } = newSheet('Transacties', columns);
  for (const row of rows) {
    sheet.addRow({
      id: row.id,
      createdAt: momentCell(row.createdAt),
      payerName: safeText(row.payerName),
      email: safeText(row.userId === null ? '' : row.userEmail),
      subscription: safeText(row.subscriptionName),
      harvestYear: row.harvestYear,
      description: safeText(row.description),
      amount: euros(row.amountCents),
      status: statusLabels[row.status as TransactionStatus],
      dueDate: dayCell(row.dueDate),
      paidAt: momentCell(row.paidAt),
      paidVia: row.paidVia ? paidViaLabels[row.paidVia as PaidVia] : '',
      reference: safeText(formatStructuredReference(row.structuredReference)),
    });
  }
  return xlsxBuffer(workbook);
}

/** All transactions, or those of one harvest year. */
export async function transactionsExport(
  db: Database,
  appId: string,
  harvestYear: number | undefined,
): Promise<SpreadsheetFile> {
  const filter = harvestYear === undefined ? undefined : eq(bankTransactions.harvestYear, harvestYear);
  return {
    fileName: `transacties-${harvestYear ?? 'alle'}.xlsx`,
    data: await transactionsSheet(db, appId, filter),
  };
}

async function farmSubscription(db: Database, appId: string, id: number) {
  const [row] = await tenantDb(db, appId)
    .select({ id: subscriptions.id, name: subscriptions.name })
    .from(subscriptions)
    .where(and(eq(subscriptions.appId, appId), eq(subscriptions.id, id)));
  if (!row) throw notFound();
  return row;
}

/** One subscription's transactions; another farm's subscription is 404. */
export async function subscriptionTransactionsExport(
  db: Database,
  appId: string,
  subscriptionId: number,
): Promise<SpreadsheetFile> {
  const subscription = await farmSubscription(db, appId, subscriptionId);
  return {
    fileName: `transacties-abonnement-${subscription.id}.xlsx`,
    data: await transactionsSheet(db, appId, eq(bankTransactions.subscriptionId, subscription.id)),
  };
}

/**
 * The transactions of the subscription of the same name (case-insensitive) in the current harvest year,
 * as the subscription's `info` finds it; without one this year, the sheet has its headers only.
 */
export async function subscriptionCurrentYearExport(
  db: Database,
  appId: string,
  subscriptionId: number,
): Promise<SpreadsheetFile> {
  const base = await farmSubscription(db, appId, subscriptionId);
  const { year } = await currentHarvestYear(db, appId);
  const [match] = await tenantDb(db, appId)
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.appId, appId),
        eq(subscriptions.harvestYear, year),
        eq(sql`lower(${subscriptions.name})`, base.name.toLowerCase()),
      ),
    );
  return {
    fileName: `transacties-abonnement-${match?.id ?? base.id}-${year}.xlsx`,
    data: await transactionsSheet(
      db,
      appId,
      match ? eq(bankTransactions.subscriptionId, match.id) : sql`false`,
    ),
  };
}
