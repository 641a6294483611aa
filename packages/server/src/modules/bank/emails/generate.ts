import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import type { PaymentEmailKind } from '@pluk/contract';
import type { Transaction } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { bankTransactions, paymentEmails, users } from '../../../db/schema/index.js';
import { inTransaction } from '../../../db/transaction.js';
import { settingValue } from '../../../lib/app-settings.js';
import { HttpError, notFound } from '../../../lib/http-error.js';
import { publicUrlOf } from '../../../lib/public-url.js';
import { type PaymentEmailInput, renderPaymentEmail } from '../../../mail/payment-templates.js';
import type { AuthUser, Tenant } from '../../../types.js';
import { currentHarvestYear, farmDateOf } from '../../harvest-year.js';
import { bankSettingKeys } from '../setting-keys.js';
import { payerColumns } from './payer-columns.js';

/** Which open transactions get an e-mail: all of a harvest year, one member's, or one. */
export type PaymentEmailScope =
  | { of: 'year'; harvestYear?: number }
  | { of: 'user'; userId: number }
  | { of: 'transaction'; userId: number; transactionId: number };

export interface GenerateResult {
  /** Stored now, waiting for review. */
  generated: number;
  /** Not stored: no member or no e-mail address, or a mail of this kind already waits for it. */
  skipped: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Today (YYYY-MM-DD) on the farm's clock: a due date is past from the day after it. */
export function farmToday(now: Date = new Date()): string {
  const { year, month, day } = farmDateOf(now);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The farm's account as the e-mail shows it; null until its IBAN is entered. */
async function payeeOf(app: FastifyInstance, appId: string): Promise<PaymentEmailInput['farm']['payee']> {
  const [iban, accountName] = await Promise.all([
    settingValue(app.db, appId, bankSettingKeys.iban),
    settingValue(app.db, appId, bankSettingKeys.accountName),
  ]);
  if (!iban?.trim()) return null;
  return { iban: iban.trim(), accountName: accountName?.trim() ?? '' };
}

/** 404 unless the user is of this farm; for one transaction also 404 unless it is theirs, 409 unless open. */
async function checkScope(tx: Transaction, appId: string, scope: PaymentEmailScope): Promise<void> {
  if (scope.of === 'year') return;
  const farm = tenantDb(tx, appId);
  const [user] = await farm.select({ id: users.id }).from(users).where(eq(users.id, scope.userId));
  if (!user) throw notFound();
  if (scope.of !== 'transaction') return;
  const [transaction] = await farm
    .select({ userId: bankTransactions.userId, status: bankTransactions.status })
    .from(bankTransactions)
    .where(eq(bankTransactions.id, scope.transactionId));
  if (!transaction || transaction.userId !== scope.userId) throw notFound();
  if (transaction.status !== 'open') throw new HttpError(409, 'TRANSACTION_ALREADY_HANDLED');
}

/** The farm as a payment e-mail shows it: name, colours, web address and account. */
export async function paymentEmailFarm(
  app: FastifyInstance,
  tenant: Tenant,
): Promise<PaymentEmailInput['farm']> {
  const [publicUrl, payee] = await Promise.all([publicUrlOf(app, tenant.appId), payeeOf(app, tenant.appId)]);
  return { name: tenant.name, colors: tenant.colors, publicUrl, payee };
}

/**
 * Stores one e-mail of `kind` for review for every open transaction in scope whose member has an e-mail
 * address. A transaction that already has a waiting mail of this kind keeps it: the partial unique index
 * `payment_emails_one_waiting` refuses a second one, so two managers generating at once (or a double
 * click) still leave one, and the insert simply skips it (`on conflict do nothing`). Nothing is sent.
 *
 * Reminders for a whole harvest year are only for transactions past their due date; a reminder asked for
 * one member or one transaction is made whatever the due date (its text then does not say it is late).
 */
export async function generatePaymentEmails(
  app: FastifyInstance,
  tenant: Tenant,
  actor: AuthUser,
  kind: PaymentEmailKind,
  scope: PaymentEmailScope,
  now: Date = new Date(),
): Promise<GenerateResult> {
  const appId = tenant.appId;
  const today = farmToday(now);
  const farm = await paymentEmailFarm(app, tenant);
  return inTransaction(app.db, async (tx) => {
    await checkScope(tx, appId, scope);
    const conditions: (SQL | undefined)[] = [];
    if (scope.of === 'year') {
      const harvestYear = scope.harvestYear ?? (await currentHarvestYear(tx, appId, now)).year;
      conditions.push(eq(bankTransactions.harvestYear, harvestYear));
      if (kind === 'reminder') conditions.push(lt(bankTransactions.dueDate, today));
    } else {
      conditions.push(eq(bankTransactions.userId, scope.userId));
      if (scope.of === 'transaction') conditions.push(eq(bankTransactions.id, scope.transactionId));
    }
    return storePaymentEmails(tx, appId, { kind, farm, actorUserId: actor.id, today }, and(...conditions));
  });
}

/**
 * The payment e-mails of transactions just made in the caller's database transaction (the re-enrolment's
 * conversion): stored for review exactly as `generatePaymentEmails` stores them, in that transaction.
 */
export async function generatePaymentEmailsFor(
  tx: Transaction,
  appId: string,
  run: PaymentEmailRun,
  transactionIds: readonly number[],
): Promise<GenerateResult> {
  if (transactionIds.length === 0) return { generated: 0, skipped: 0 };
  return storePaymentEmails(tx, appId, run, inArray(bankTransactions.id, [...transactionIds]));
}

/** What every e-mail of one generate run shares. */
export interface PaymentEmailRun {
  kind: PaymentEmailKind;
  farm: PaymentEmailInput['farm'];
  /** The manager who generated them (`created_by_user_id`). */
  actorUserId: number;
  /** Today on the farm's clock (YYYY-MM-DD). */
  today: string;
}

/** Stores the e-mails of the open transactions matching `scope` (see `generatePaymentEmails`). */
async function storePaymentEmails(
  tx: Transaction,
  appId: string,
  run: PaymentEmailRun,
  scope: SQL | undefined,
): Promise<GenerateResult> {
  const candidates = await tenantDb(tx, appId)
    .select({
      transactionId: bankTransactions.id,
      ...payerColumns,
      lastName: users.lastName,
    })
    .from(bankTransactions)
    .leftJoin(users, eq(users.id, bankTransactions.userId))
    .where(and(eq(bankTransactions.status, 'open'), scope))
    .orderBy(asc(bankTransactions.id));

  const rows: (typeof paymentEmails.$inferInsert)[] = [];
  for (const c of candidates) {
    const email = c.email?.trim();
    if (c.userId === null || !email) continue;
    const mail = renderPaymentEmail({
      kind: run.kind,
      farm: run.farm,
      member: { firstName: c.firstName ?? '' },
      transaction: c,
      today: run.today,
    });
    rows.push({
      appId,
      kind: run.kind,
      userId: c.userId,
      transactionId: c.transactionId,
      toName: `${c.firstName ?? ''} ${c.lastName ?? ''}`.trim(),
      toEmail: email,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      createdByUserId: run.actorUserId,
    });
  }
  let generated = 0;
  // Batches keep one statement well under PostgreSQL's 65,535 parameters.
  for (let start = 0; start < rows.length; start += 1000) {
    const inserted = await tenantDb(tx, appId)
      .insert(paymentEmails)
      .values(rows.slice(start, start + 1000))
      .onConflictDoNothing()
      .returning({ id: paymentEmails.id });
    generated += inserted.length;
  }
  return { generated, skipped: candidates.length - generated };
}
