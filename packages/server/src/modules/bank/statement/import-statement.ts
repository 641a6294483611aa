import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { formatIban, type StatementImportDetail, type StatementLineOutcome } from '@pluk/contract';
import type { Database, Transaction } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { bankImportLines, bankImports, bankTransactions } from '../../../db/schema/index.js';
import { inTransaction } from '../../../db/transaction.js';
import { HttpError } from '../../../lib/http-error.js';
import type { AuthUser } from '../../../types.js';
import { readBankSettings } from '../settings.js';
import { importDetail } from './import-views.js';
import { isEuroCredit, settleLine } from './line-payment.js';
import { managerName } from './manager-name.js';
import { parseStatement } from './parse-statement.js';
import type { StatementUpload } from './read-upload.js';
import { StatementParseError, type ParsedStatement, type StatementLine } from './statement-line.js';

type Db = Database | Transaction;

/** Rows per insert statement: 500 lines × 12 columns stays far below PostgreSQL's 65 535 parameters. */
const linesPerInsert = 500;
const referencesPerLookup = 1000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

async function importIdOfFile(db: Db, appId: string, fileSha256: string): Promise<number | undefined> {
  const [row] = await tenantDb(db, appId)
    .select({ id: bankImports.id })
    .from(bankImports)
    .where(and(eq(bankImports.appId, appId), eq(bankImports.fileSha256, fileSha256)));
  return row?.id;
}

function parseOrRefuse(upload: StatementUpload): ParsedStatement {
  try {
    return parseStatement(upload.fileName, upload.data);
  } catch (error) {
    if (error instanceof StatementParseError) throw new HttpError(400, 'BANK_FILE_INVALID', error.message);
    throw error;
  }
}

/**
 * A statement of another account than the farm's would pay the farm's transactions with money that never
 * reached it (a member's own account, the farm's savings account): refused, naming both (ADR 093). A farm
 * that has not entered its IBAN yet cannot be checked and is read as before.
 */
async function refuseOtherAccount(db: Database, appId: string, parsed: ParsedStatement): Promise<void> {
  const { iban: farmIban } = await readBankSettings(db, appId);
  if (!farmIban || parsed.accountIban === farmIban) return;
  const what = parsed.format === 'coda' ? 'CODA-afschrift' : 'CAMT.053-uittreksel';
  const theirs = parsed.accountIban
    ? `van rekening ${formatIban(parsed.accountIban)}`
    : 'van een rekening zonder IBAN';
  throw new HttpError(
    400,
    'BANK_FILE_OTHER_ACCOUNT',
    `Dit ${what} is ${theirs}, niet van de rekening van de boerderij (${formatIban(farmIban)}). Download het afschrift van ${formatIban(farmIban)}, of pas het rekeningnummer aan bij de instellingen van de bank. Er is niets ingelezen.`,
  );
}

interface Known {
  id: number;
  amountCents: number;
  status: string;
}

/** This farm's transactions named by the file's references (never another farm's: tenantDb). */
async function transactionsByReference(
  tx: Transaction,
  appId: string,
  lines: readonly StatementLine[],
): Promise<Map<string, Known>> {
  const references = [
    ...new Set(
      lines.filter(isEuroCredit).flatMap((l) => (l.structuredReference ? [l.structuredReference] : [])),
    ),
  ];
  const known = new Map<string, Known>();
  for (const some of chunks(references, referencesPerLookup)) {
    const rows = await tenantDb(tx, appId)
      .select({
        id: bankTransactions.id,
        reference: bankTransactions.structuredReference,
        amountCents: bankTransactions.amountCents,
        status: bankTransactions.status,
      })
      .from(bankTransactions)
      .where(and(eq(bankTransactions.appId, appId), inArray(bankTransactions.structuredReference, some)));
    for (const { reference, ...row } of rows) known.set(reference, row);
  }
  return known;
}

/** The outcome a line will most likely have, stored with it so only the rare surprise costs an update. */
function expectedOutcome(line: StatementLine, transaction: Known | undefined): StatementLineOutcome {
  if (!isEuroCredit(line)) return line.amountCents > 0 ? 'unmatched' : 'debit';
  if (!transaction) return 'unmatched';
  if (transaction.status !== 'open') return 'already-paid';
  if (line.amountCents === transaction.amountCents) return 'paid';
  return line.amountCents < transaction.amountCents ? 'partial' : 'overpaid';
}

interface Counts {
  paidCount: number;
  flaggedCount: number;
  unmatchedCount: number;
  skippedCount: number;
}

/**
 * Stores the file's lines and pays what they pay, inside the import's transaction. Each line is claimed by
 * inserting it with `on conflict (app_id, line_key) do nothing`: a line an earlier (overlapping) file
 * already brought is skipped and never pays twice, and a concurrent import of an overlapping file waits
 * on the key until this one commits, then skips it. Only then are the claimed lines' transactions locked
 * and settled, in file order (`settleLine`).
 */
async function storeAndMatchLines(
  tx: Transaction,
  appId: string,
  importId: number,
  fileName: string,
  lines: readonly StatementLine[],
): Promise<Counts> {
  const known = await transactionsByReference(tx, appId, lines);
  const referenced = (line: StatementLine) =>
    isEuroCredit(line) && line.structuredReference ? known.get(line.structuredReference) : undefined;
  const counts: Counts = { paidCount: 0, flaggedCount: 0, unmatchedCount: 0, skippedCount: 0 };
  const count = (outcome: StatementLineOutcome) => {
    if (outcome === 'paid') counts.paidCount += 1;
    else if (outcome === 'partial' || outcome === 'overpaid' || outcome === 'already-paid')
      counts.flaggedCount += 1;
    else if (outcome === 'unmatched') counts.unmatchedCount += 1;
  };
  const farm = tenantDb(tx, appId);
  for (const some of chunks(lines, linesPerInsert)) {
    const claimed = await farm
      .insert(bankImportLines)
      .values(
        some.map((line) => ({
          appId,
          importId,
          lineKey: line.lineKey,
          bookingDate: line.bookingDate,
          amountCents: line.amountCents,
          currency: line.currency,
          counterpartyName: line.counterpartyName,
          counterpartyIban: line.counterpartyIban,
          structuredReference: line.structuredReference,
          communication: line.communication,
          outcome: expectedOutcome(line, referenced(line)),
          transactionId: referenced(line)?.id ?? null,
        })),
      )
      .onConflictDoNothing({ target: [bankImportLines.appId, bankImportLines.lineKey] })
      .returning({ id: bankImportLines.id, lineKey: bankImportLines.lineKey });
    const idOfKey = new Map(claimed.map((row) => [row.lineKey, row.id]));
    counts.skippedCount += some.length - claimed.length;
    for (const line of some) {
      const lineId = idOfKey.get(line.lineKey);
      if (lineId === undefined) continue;
      const transaction = referenced(line);
      const expected = expectedOutcome(line, transaction);
      if (!transaction) {
        count(expected);
        continue;
      }
      const settled = await settleLine(tx, appId, line, transaction.id, fileName);
      count(settled.outcome);
      if (settled.outcome !== expected || settled.transactionId !== transaction.id) {
        await farm
          .update(bankImportLines)
          .set({ outcome: settled.outcome, transactionId: settled.transactionId })
          .where(and(eq(bankImportLines.appId, appId), eq(bankImportLines.id, lineId)));
      }
    }
  }
  return counts;
}

/**
 * Imports a bank statement for the farm (`importStatement`). The file is known by its SHA-256: the same
 * file again answers the earlier import with `alreadyImported` and changes nothing. Otherwise one database
 * transaction stores the import and its lines and pays what they pay. Two uploads of the same file at
 * once meet on the unique index `bank_imports_app_file`: the second insert waits for the first to commit
 * and then does nothing, and that upload answers the first one's import.
 */
export async function importStatement(
  db: Database,
  user: AuthUser,
  upload: StatementUpload,
): Promise<StatementImportDetail> {
  const { appId } = user;
  const fileSha256 = createHash('sha256').update(upload.data).digest('hex');
  const earlier = await importIdOfFile(db, appId, fileSha256);
  if (earlier !== undefined) return importDetail(db, appId, earlier, true);
  const parsed = parseOrRefuse(upload);
  await refuseOtherAccount(db, appId, parsed);
  const importedByName = await managerName(db, appId, user.id);
  const { id, alreadyImported } = await inTransaction(db, async (tx) => {
    const farm = tenantDb(tx, appId);
    const [created] = await farm
      .insert(bankImports)
      .values({
        appId,
        fileSha256,
        fileName: upload.fileName,
        format: parsed.format,
        accountIban: parsed.accountIban,
        importedByUserId: user.id,
        importedByName,
        lineCount: parsed.lines.length,
      })
      .onConflictDoNothing({ target: [bankImports.appId, bankImports.fileSha256] })
      .returning({ id: bankImports.id });
    if (!created) {
      // A concurrent upload of this file committed first (the insert waited for it): that is the import.
      const winner = await importIdOfFile(tx, appId, fileSha256);
      if (winner === undefined) throw new Error('bank_imports: a conflicting import that cannot be read');
      return { id: winner, alreadyImported: true };
    }
    const counts = await storeAndMatchLines(tx, appId, created.id, upload.fileName, parsed.lines);
    await farm
      .update(bankImports)
      .set(counts)
      .where(and(eq(bankImports.appId, appId), eq(bankImports.id, created.id)));
    return { id: created.id, alreadyImported: false };
  });
  return importDetail(db, appId, id, alreadyImported);
}
