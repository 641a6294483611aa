import { and, asc, desc, eq } from 'drizzle-orm';
import type {
  ManagedTransaction,
  ManagedTransactionDetail,
  MemberTransaction,
  PublicTransaction,
} from '@pluk/contract';
import type { Database, Transaction } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { bankTransactionEvents, bankTransactions, subscriptions, users } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/http-error.js';
import type { Tenant } from '../../../types.js';
import {
  managedTransactionColumns,
  memberTransactionColumns,
  presentManagedTransaction,
  presentManagedTransactionDetail,
  presentMemberTransaction,
  presentPublicTransaction,
  transactionEventColumns,
} from '../presenter.js';
import { mollieConfigured, payeeOf, readBankSettings } from '../settings.js';

type Db = Database | Transaction;

/** A member has one or two a year; this many is a lifetime, and keeps the answer bounded. */
const mineMax = 200;

/** The farm's transactions with their subscription's name and member's e-mail; add `.where(…)`. */
export function selectManagedTransactions(db: Db, appId: string) {
  return tenantDb(db, appId)
    .select(managedTransactionColumns)
    .from(bankTransactions)
    .leftJoin(subscriptions, eq(subscriptions.id, bankTransactions.subscriptionId))
    .leftJoin(users, eq(users.id, bankTransactions.userId));
}

/** One transaction of the farm as a BankManager sees it; 404 for an unknown id or another farm's. */
export async function managedTransaction(db: Db, appId: string, id: number): Promise<ManagedTransaction> {
  const [row] = await selectManagedTransactions(db, appId).where(
    and(eq(bankTransactions.appId, appId), eq(bankTransactions.id, id)),
  );
  if (!row) throw notFound();
  return presentManagedTransaction(row);
}

/** The transaction with its audit rows, oldest first. */
export async function transactionDetail(
  db: Db,
  appId: string,
  id: number,
): Promise<ManagedTransactionDetail> {
  const [row] = await selectManagedTransactions(db, appId).where(
    and(eq(bankTransactions.appId, appId), eq(bankTransactions.id, id)),
  );
  if (!row) throw notFound();
  const events = await tenantDb(db, appId)
    .select(transactionEventColumns)
    .from(bankTransactionEvents)
    .where(and(eq(bankTransactionEvents.appId, appId), eq(bankTransactionEvents.transactionId, id)))
    .orderBy(asc(bankTransactionEvents.id));
  return presentManagedTransactionDetail(row, events);
}

/** My transactions of every harvest year, the latest first (index `bank_transactions_app_user`). */
export async function myTransactions(db: Db, appId: string, userId: number): Promise<MemberTransaction[]> {
  const rows = await tenantDb(db, appId)
    .select(memberTransactionColumns)
    .from(bankTransactions)
    .leftJoin(subscriptions, eq(subscriptions.id, bankTransactions.subscriptionId))
    .where(and(eq(bankTransactions.appId, appId), eq(bankTransactions.userId, userId)))
    .orderBy(desc(bankTransactions.createdAt), desc(bankTransactions.id))
    .limit(mineMax);
  return rows.map(presentMemberTransaction);
}

/**
 * The no-login payment page: the transaction of this farm (the Host's) with this public id, the farm's
 * account, and whether it can be paid online now. Another farm's public id is as unknown as a made-up one.
 */
export async function publicTransaction(
  db: Database,
  tenant: Tenant,
  publicId: string,
): Promise<PublicTransaction> {
  const [row] = await tenantDb(db, tenant.appId)
    .select(memberTransactionColumns)
    .from(bankTransactions)
    .leftJoin(subscriptions, eq(subscriptions.id, bankTransactions.subscriptionId))
    .where(and(eq(bankTransactions.appId, tenant.appId), eq(bankTransactions.publicId, publicId)));
  if (!row) throw notFound();
  const [bank, mollie] = await Promise.all([
    readBankSettings(db, tenant.appId),
    mollieConfigured(db, tenant.appId),
  ]);
  return presentPublicTransaction(row, {
    farmName: tenant.name,
    payee: payeeOf(bank),
    mollieConfigured: mollie,
  });
}
