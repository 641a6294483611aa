import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { appIdColumn, farmReference } from './apps.js';
import { createdAt } from './columns.js';
import { users } from './users.js';
import { productReservations } from './market.js';
import { requests } from './requests.js';

/**
 * A wallet of virtual money (docs/product/money.md, "Virtual money", ADR 058): one per member, and one
 * internal bank per app. `balance_cents` is kept in step with `ledger_entries` by the transaction that writes
 * the entry; a member's wallet never goes below zero (the check), the bank's is minus what it has issued. A
 * deleted member's wallet stays (user_id null) so the ledger keeps both sides of every movement.
 */
export const wallets = pgTable(
  'wallets',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    kind: text('kind').notNull(),
    userId: integer('user_id'),
    balanceCents: integer('balance_cents').notNull().default(0),
    /**
     * How many donations left this wallet (ledger rows of kind `donation` from it; the bank's is the
     * internal bank's donation count), moved by `moveMoney` in the same statement as the balance (ADR 070).
     */
    donationCount: integer('donation_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('wallets_kind', sql`${t.kind} in ('member', 'bank')`),
    check('wallets_member_not_negative', sql`${t.kind} = 'bank' or ${t.balanceCents} >= 0`),
    check('wallets_bank_has_no_user', sql`${t.kind} = 'member' or ${t.userId} is null`),
    unique('wallets_app_id_id').on(t.appId, t.id),
    uniqueIndex('wallets_app_user').on(t.appId, t.userId),
    uniqueIndex('wallets_one_bank_per_app')
      .on(t.appId)
      .where(sql`${t.kind} = 'bank'`),
    farmReference('wallets_user_fk', t.appId, t.userId, users).onDelete('set null'),
  ],
);

/**
 * The ledger: every movement of virtual money is one row, from one wallet to another, written in the
 * same transaction as the change it pays for. `idempotency_key` is unique per app, so a repeated call
 * never moves money twice. Links to what it pays for are kept as long as that exists (set null when
 * an offer or request is deleted); `description` keeps the meaning.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    fromWalletId: integer('from_wallet_id').notNull(),
    toWalletId: integer('to_wallet_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    reservationId: integer('reservation_id'),
    requestId: integer('request_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdByUserId: integer('created_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_entries_amount_positive', sql`${t.amountCents} > 0`),
    check('ledger_entries_two_wallets', sql`${t.fromWalletId} <> ${t.toWalletId}`),
    check('ledger_entries_kind', sql`${t.kind} in ('purchase', 'reward', 'donation')`),
    uniqueIndex('ledger_entries_app_key').on(t.appId, t.idempotencyKey),
    index('ledger_entries_from').on(t.appId, t.fromWalletId, t.createdAt, t.id),
    index('ledger_entries_to').on(t.appId, t.toWalletId, t.createdAt, t.id),
    index('ledger_entries_app_reservation').on(t.appId, t.reservationId),
    index('ledger_entries_app_request').on(t.appId, t.requestId),
    index('ledger_entries_app_created_by').on(t.appId, t.createdByUserId),
    // The analyst's money series (decision 085): a kind's movements over a range, and the whole ledger up to a moment.
    index('ledger_entries_app_kind_created').on(t.appId, t.kind, t.createdAt),
    index('ledger_entries_app_created').on(t.appId, t.createdAt),
    farmReference('ledger_entries_from_fk', t.appId, t.fromWalletId, wallets),
    farmReference('ledger_entries_to_fk', t.appId, t.toWalletId, wallets),
    farmReference('ledger_entries_reservation_fk', t.appId, t.reservationId, productReservations).onDelete(
      'set null',
    ),
    farmReference('ledger_entries_request_fk', t.appId, t.requestId, requests).onDelete('set null'),
    farmReference('ledger_entries_created_by_fk', t.appId, t.createdByUserId, users).onDelete('set null'),
  ],
);
