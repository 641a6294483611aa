import type {
  ManagedTransaction,
  ManagedTransactionDetail,
  MemberTransaction,
  PaidVia,
  Payee,
  PublicTransaction,
  TransactionEvent,
  TransactionStatus,
} from '@pluk/contract';
import { bankTransactionEvents, bankTransactions, subscriptions, users } from '../../db/schema/index.js';

/**
 * The only code that shapes the bank's JSON (decision 077): a member's transaction (mine, the public
 * payment page), a BankManager's transaction and its audit rows. Every other part of the bank (Mollie,
 * payment e-mails, bank files) selects these columns and presents with these functions.
 *
 * The columns expect the query to left-join `subscriptions` (its name) and, for the managed view,
 * `users` (the member's current e-mail): see `transactions/read.ts#selectManagedTransactions`.
 */
export const memberTransactionColumns = {
  publicId: bankTransactions.publicId,
  amountCents: bankTransactions.amountCents,
  description: bankTransactions.description,
  harvestYear: bankTransactions.harvestYear,
  subscriptionId: bankTransactions.subscriptionId,
  subscriptionName: subscriptions.name,
  status: bankTransactions.status,
  dueDate: bankTransactions.dueDate,
  structuredReference: bankTransactions.structuredReference,
  paidAt: bankTransactions.paidAt,
  paidVia: bankTransactions.paidVia,
  createdAt: bankTransactions.createdAt,
};

export const managedTransactionColumns = {
  ...memberTransactionColumns,
  id: bankTransactions.id,
  userId: bankTransactions.userId,
  payerName: bankTransactions.payerName,
  userEmail: users.email,
  paymentProviderId: bankTransactions.paymentProviderId,
  updatedAt: bankTransactions.updatedAt,
};

export const transactionEventColumns = {
  id: bankTransactionEvents.id,
  at: bankTransactionEvents.createdAt,
  kind: bankTransactionEvents.kind,
  fromStatus: bankTransactionEvents.fromStatus,
  toStatus: bankTransactionEvents.toStatus,
  paidVia: bankTransactionEvents.paidVia,
  amountCents: bankTransactionEvents.amountCents,
  actorName: bankTransactionEvents.actorName,
  detail: bankTransactionEvents.detail,
};

export interface MemberTransactionRow {
  publicId: string;
  amountCents: number;
  description: string;
  harvestYear: number;
  subscriptionId: number | null;
  subscriptionName: string | null;
  status: string;
  dueDate: string;
  structuredReference: string;
  paidAt: Date | null;
  paidVia: string | null;
  createdAt: Date;
}

export interface ManagedTransactionRow extends MemberTransactionRow {
  id: number;
  userId: number | null;
  payerName: string;
  userEmail: string | null;
  paymentProviderId: string | null;
  updatedAt: Date;
}

export interface TransactionEventRow {
  id: number;
  at: Date;
  kind: string;
  fromStatus: string | null;
  toStatus: string | null;
  paidVia: string | null;
  amountCents: number | null;
  actorName: string | null;
  detail: string;
}

/** PGlite and postgres.js both answer timestamps as Date; a string is read the same way. */
const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

// The database's checks keep status and paid_via within the contract's values.
const status = (value: string) => value as TransactionStatus;
const paidVia = (value: string | null) => value as PaidVia | null;

export function presentMemberTransaction(row: MemberTransactionRow): MemberTransaction {
  return {
    publicId: row.publicId,
    amountCents: row.amountCents,
    description: row.description,
    harvestYear: row.harvestYear,
    subscriptionId: row.subscriptionId,
    subscriptionName: row.subscriptionName,
    status: status(row.status),
    dueDate: row.dueDate,
    structuredReference: row.structuredReference,
    paidAt: isoOrNull(row.paidAt),
    paidVia: paidVia(row.paidVia),
    createdAt: iso(row.createdAt),
  };
}

export function presentManagedTransaction(row: ManagedTransactionRow): ManagedTransaction {
  return {
    ...presentMemberTransaction(row),
    id: row.id,
    userId: row.userId,
    payerName: row.payerName,
    // A deleted member's transaction keeps the name it had; the e-mail went with the account.
    userEmail: row.userId === null ? null : row.userEmail,
    paymentProviderId: row.paymentProviderId,
    updatedAt: iso(row.updatedAt),
  };
}

export function presentTransactionEvent(row: TransactionEventRow): TransactionEvent {
  return {
    id: row.id,
    at: iso(row.at),
    kind: row.kind as TransactionEvent['kind'],
    fromStatus: row.fromStatus === null ? null : status(row.fromStatus),
    toStatus: row.toStatus === null ? null : status(row.toStatus),
    paidVia: paidVia(row.paidVia),
    amountCents: row.amountCents,
    actorName: row.actorName,
    detail: row.detail,
  };
}

export function presentManagedTransactionDetail(
  row: ManagedTransactionRow,
  events: readonly TransactionEventRow[],
): ManagedTransactionDetail {
  return { ...presentManagedTransaction(row), events: events.map(presentTransactionEvent) };
}

/** What the no-login payment page shows: the farm's account and whether Mollie can take it now. */
export function presentPublicTransaction(
  row: MemberTransactionRow,
  farm: { farmName: string; payee: Payee | null; mollieConfigured: boolean },
): PublicTransaction {
  return {
    ...presentMemberTransaction(row),
    farmName: farm.farmName,
    payee: farm.payee,
    canPayOnline: farm.mollieConfigured && row.status === 'open',
  };
}

// ---------------------------------------------------------------------------------------------------
// Words and amounts as people read them (audit details, spreadsheets).

export { formatEuros } from '@pluk/contract';

export const statusLabels: Record<TransactionStatus, string> = {
  open: 'Open',
  paid: 'Betaald',
  cancelled: 'Geannuleerd',
};

export const paidViaLabels: Record<PaidVia, string> = {
  transfer: 'Overschrijving',
  online: 'Online',
  cash: 'Cash',
  manual: 'Manueel',
};
