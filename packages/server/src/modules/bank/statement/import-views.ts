import { and, asc, desc, eq } from 'drizzle-orm';
import type {
  StatementImport,
  StatementImportDetail,
  StatementLine as StatementLineView,
  StatementLineOutcome,
} from '@pluk/contract';
import type { Database, Transaction } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { bankImportLines, bankImports, bankTransactions } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/http-error.js';
import { formatEuros } from '../../../mail/payment-templates.js';

type Db = Database | Transaction;
type ImportRow = typeof bankImports.$inferSelect;

/** The imports list shows this many, the latest first (the contract's `imports`). */
export const importsShown = 50;

function importView(row: ImportRow, alreadyImported: boolean): StatementImport {
  return {
    id: row.id,
    fileName: row.fileName,
    format: row.format as StatementImport['format'],
    accountIban: row.accountIban,
    importedAt: row.importedAt.toISOString(),
    importedByName: row.importedByName,
    alreadyImported,
    counts: {
      lines: row.lineCount,
      paid: row.paidCount,
      flagged: row.flaggedCount,
      unmatched: row.unmatchedCount,
      skipped: row.skippedCount,
    },
  };
}

/** "An Peeters — Abonnement 2026 — € 120,00": whose transaction a line pays or names, for the manager. */
export function transactionLabel(transaction: {
  payerName: string;
  description: string;
  amountCents: number;
}): string {
  return `${transaction.payerName} — ${transaction.description} — ${formatEuros(transaction.amountCents)}`;
}

const lineColumns = {
  id: bankImportLines.id,
  bookingDate: bankImportLines.bookingDate,
  amountCents: bankImportLines.amountCents,
  counterpartyName: bankImportLines.counterpartyName,
  counterpartyIban: bankImportLines.counterpartyIban,
  structuredReference: bankImportLines.structuredReference,
  communication: bankImportLines.communication,
  outcome: bankImportLines.outcome,
  transactionId: bankImportLines.transactionId,
  payerName: bankTransactions.payerName,
  description: bankTransactions.description,
  transactionAmountCents: bankTransactions.amountCents,
};

type LineRow = Awaited<ReturnType<typeof selectLines>>[number];

function lineView(row: LineRow): StatementLineView {
  const { payerName, description, transactionAmountCents } = row;
  return {
    id: row.id,
    bookingDate: row.bookingDate,
    amountCents: row.amountCents,
    counterpartyName: row.counterpartyName,
    counterpartyIban: row.counterpartyIban,
    structuredReference: row.structuredReference,
    communication: row.communication,
    outcome: row.outcome as StatementLineOutcome,
    transactionId: row.transactionId,
    transactionLabel:
      payerName !== null && description !== null && transactionAmountCents !== null
        ? transactionLabel({ payerName, description, amountCents: transactionAmountCents })
        : null,
  };
}

function selectLines(db: Db, appId: string) {
  return tenantDb(db, appId)
    .select(lineColumns)
    .from(bankImportLines)
    .leftJoin(bankTransactions, eq(bankTransactions.id, bankImportLines.transactionId));
}

/** The farm's imported files, the latest first. */
export async function importList(db: Db, appId: string): Promise<StatementImport[]> {
  const rows = await tenantDb(db, appId)
    .select()
    .from(bankImports)
    .where(eq(bankImports.appId, appId))
    .orderBy(desc(bankImports.importedAt), desc(bankImports.id))
    .limit(importsShown);
  return rows.map((row) => importView(row, false));
}

/** One import of this farm with its lines in file order (they were stored in that order); 404 otherwise. */
export async function importDetail(
  db: Db,
  appId: string,
  id: number,
  alreadyImported = false,
): Promise<StatementImportDetail> {
  const [row] = await tenantDb(db, appId)
    .select()
    .from(bankImports)
    .where(and(eq(bankImports.appId, appId), eq(bankImports.id, id)));
  if (!row) throw notFound();
  const lines = await selectLines(db, appId)
    .where(and(eq(bankImportLines.appId, appId), eq(bankImportLines.importId, id)))
    .orderBy(asc(bankImportLines.id));
  return { ...importView(row, alreadyImported), lines: lines.map(lineView) };
}

/** One line of this farm as the manager sees it; 404 otherwise. */
export async function statementLine(db: Db, appId: string, lineId: number): Promise<StatementLineView> {
  const [row] = await selectLines(db, appId).where(
    and(eq(bankImportLines.appId, appId), eq(bankImportLines.id, lineId)),
  );
  if (!row) throw notFound();
  return lineView(row);
}
