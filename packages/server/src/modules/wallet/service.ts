import type { FastifyInstance } from 'fastify';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  or,
  sql,
  sum,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  DonateBody,
  DonateResult,
  InternalBank,
  IssuancePage,
  MemberWallet,
  MemberWalletPage,
  Wallet,
  WalletEntryPage,
  WalletWithEntries,
} from '@pluk/contract';
import type { memberWalletQuerySchema, walletEntryQuerySchema } from '@pluk/contract';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import {
  ledgerEntries,
  productReservations,
  requests,
  settings,
  users,
  wallets,
} from '../../db/schema/index.js';
import { tenantDb, type TenantDb } from '../../db/tenant.js';
import { inTransaction } from '../../db/transaction.js';
import { settingValue } from '../../lib/app-settings.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import {
  afterCursor,
  cappedTotal,
  countUpTo,
  cursorColumn,
  cursorParams,
  cursorPlaceholders,
  decodeCursor,
  finishPage,
  literalCount,
  literalFlag,
  pageWindow,
  windowKey,
  windowOf,
  windowParams,
  type PageKey,
} from '../../lib/paging.js';
import { likePattern } from '../../lib/like-pattern.js';
import type { AuthUser } from '../../types.js';
import { insertNotifications, type CreatedNotification } from '../notification/notify.js';
import { userSearchText } from '../users/service.js';
import { bankWalletId, lockWallets, memberWalletId, moveMoney } from './ledger.js';
import { donationNotification } from './notifications.js';
import { incomingCents, reservedCents } from './reserved.js';

type Db = Database | Transaction;
type EntryQuery = z.output<typeof walletEntryQuerySchema>;

/** The app setting that lets members switch trading with virtual money themselves (absent: allowed). */
export const membersMayToggleSetting = 'wallet.membersMayToggleTransactionable';

export async function membersMayToggle(db: Database, appId: string): Promise<boolean> {
  return (await settingValue(db, appId, membersMayToggleSetting)) !== 'false';
}

/**
 * Everything the wallet screen's summary needs in one statement, built once per app (ADR 046): my
 * wallet (none yet: null), the totals I promised (reservations waiting for their owner, rewards of my
 * open or taken requests: `reserved.ts` sums the same under a lock), whether I trade and whether the
 * farm lets me switch that. Five reads were five round trips and five query builds per request.
 */
/**
 * The summary's columns, on `users` (the member `userId`, a placeholder) left joined to their `wallets`
 * row. The totals name the placeholder, not `users.id`: uncorrelated, PostgreSQL runs each once per
 * statement, also when the wallet screen repeats the summary on every movement's row.
 */
function walletSummaryColumns(farm: TenantDb) {
  const member = sql.placeholder('userId') as unknown as number;
  const promisedPurchases = farm
    .select({ total: sql`coalesce(sum(${productReservations.totalCents}), 0)` })
    .from(productReservations)
    .where(and(eq(productReservations.userId, member), eq(productReservations.status, 'reserved')));
  const promisedRewards = farm
    .select({ total: sql`coalesce(sum(${requests.rewardCents}), 0)` })
    .from(requests)
    .where(and(eq(requests.requesterUserId, member), inArray(requests.status, ['open', 'taken'])));
  const toggleSetting = farm
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, membersMayToggleSetting));
  return {
    walletId: wallets.id,
    balance: wallets.balanceCents,
    isTransactionable: users.isTransactionable,
    promisedPurchases: sql<string>`(${promisedPurchases})`,
    promisedRewards: sql<string>`(${promisedRewards})`,
    toggleSetting: sql<string | null>`(${toggleSetting})`,
  };
}

const walletSummaryQuery = preparedQuery((db, appId: string) => {
  const farm = tenantDb(db, appId);
  return farm
    .select(walletSummaryColumns(farm))
    .from(users)
    .leftJoin(wallets, and(eq(wallets.appId, users.appId), eq(wallets.userId, users.id)))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('wallet_summary');
});

interface WalletSummary {
  wallet: Wallet;
  /** Null while no money ever moved to or from me. */
  walletId: number | null;
}

interface SummaryRow {
  walletId: number | null;
  balance: number | null;
  isTransactionable: boolean | null;
  promisedPurchases: string | null;
  promisedRewards: string | null;
  toggleSetting: string | null;
}

async function walletSummary(db: Database, user: AuthUser): Promise<WalletSummary> {
  const [row] = await walletSummaryQuery(db, user.appId, { userId: user.id });
  return summaryOf(row);
}

function summaryOf(row: SummaryRow | undefined): WalletSummary {
  const balance = row?.balance ?? 0;
  const reserved = Number(row?.promisedPurchases ?? 0) + Number(row?.promisedRewards ?? 0);
  return {
    walletId: row?.walletId ?? null,
    wallet: {
      balanceCents: balance,
      reservedCents: reserved,
      availableCents: balance - reserved,
      isTransactionable: row?.isTransactionable ?? false,
      mayToggleTransactionable: row?.toggleSetting !== 'false',
    },
  };
}

/** My wallet: balance, what I promised and did not pay yet, what is left. No wallet row yet: all 0. */
export async function walletOf(db: Database, user: AuthUser): Promise<Wallet> {
  return (await walletSummary(db, user)).wallet;
}

/** How many movements the wallet screen shows with its summary (`GET User/Wallet`). */
const screenPageSize = 20;

/**
 * The wallet screen (`GET User/Wallet`) in one statement, built once per app (ADR 046, 066): the
 * summary row of `walletSummaryQuery`, and its first page of movements (with the capped total) joined
 * to it laterally by the wallet it found, so the page needs no second round trip for the wallet id. One
 * row per movement shown, each with the summary; no wallet or no movement: one row without a movement.
 */
const walletScreenQuery = preparedQuery((db, appId: string) => {
  const farm = tenantDb(db, appId);
  const mine = movementsOf(appId, wallets.id);
  const shown = newestMovements(farm, wallets.id, literalCount(screenPageSize + 1), undefined);
  const page = farm
    .select({
      entryId: ledgerEntries.id,
      toWalletId: ledgerEntries.toWalletId,
      createdAt: ledgerEntries.createdAt,
      amountCents: ledgerEntries.amountCents,
      kind: ledgerEntries.kind,
      description: ledgerEntries.description,
      requestId: ledgerEntries.requestId,
      fromKind: sql<string>`${fromWallet.kind}`.as('from_kind'),
      toKind: sql<string>`${toWallet.kind}`.as('to_kind'),
      fromFirst: sql<string | null>`${fromUser.firstName}`.as('from_first'),
      fromLast: sql<string | null>`${fromUser.lastName}`.as('from_last'),
      toFirst: sql<string | null>`${toUser.firstName}`.as('to_first'),
      toLast: sql<string | null>`${toUser.lastName}`.as('to_last'),
      offerId: sql<number | null>`${productReservations.productId}`.as('offer_id'),
      cursor: sql<string>`${cursorColumn(entryKeys)}`.as('cursor'),
      total: sql<number>`${cappedTotal(farm, ledgerEntries, mine)}`.as('total'),
    })
    .from(ledgerEntries)
    .innerJoin(fromWallet, movementJoins.fromWallet)
    .innerJoin(toWallet, movementJoins.toWallet)
    .leftJoin(fromUser, movementJoins.fromUser)
    .leftJoin(toUser, movementJoins.toUser)
    .leftJoin(productReservations, movementJoins.reservation)
    .where(and(mine, shown))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(literalCount(screenPageSize + 1))
    .as('page');
  return farm
    .select({
      ...walletSummaryColumns(farm),
      entryId: page.entryId,
      toWalletId: page.toWalletId,
      createdAt: page.createdAt,
      amountCents: page.amountCents,
      kind: page.kind,
      description: page.description,
      requestId: page.requestId,
      fromKind: page.fromKind,
      toKind: page.toKind,
      fromFirst: page.fromFirst,
      fromLast: page.fromLast,
      toFirst: page.toFirst,
      toLast: page.toLast,
      offerId: page.offerId,
      cursor: page.cursor,
      total: page.total,
    })
    .from(users)
    .leftJoin(wallets, and(eq(wallets.appId, users.appId), eq(wallets.userId, users.id)))
    .leftJoinLateral(page, sql`true`)
    .where(eq(users.id, sql.placeholder('userId')))
    .orderBy(desc(page.createdAt), desc(page.entryId))
    .prepare('wallet_screen');
});

export async function walletWithEntries(db: Database, user: AuthUser): Promise<WalletWithEntries> {
  const rows = await walletScreenQuery(db, user.appId, { userId: user.id });
  const { wallet, walletId } = summaryOf(rows[0]);
  const request = { offset: 0, pageSize: screenPageSize };
  const shown = [];
  for (const r of rows) {
    if (walletId === null || r.entryId === null) continue;
    const entry = {
      id: r.entryId,
      toWalletId: r.toWalletId!,
      createdAt: r.createdAt!,
      amountCents: r.amountCents!,
      kind: r.kind!,
      description: r.description!,
      requestId: r.requestId,
    };
    shown.push({ ...r, entry, cursor: r.cursor!, total: r.total });
  }
  const page = await finishPage(
    shown,
    request,
    (r) => presentEntry(r, walletId!),
    (cap) => countUpTo(tenantDb(db, user.appId), ledgerEntries, movementsOf(user.appId, walletId!), cap),
  );
  return { ...wallet, entries: { ...page, page: 0, pageSize: screenPageSize } };
}

/** Newest first (indexes `ledger_entries_from` / `ledger_entries_to`, read backwards). */
const entryKeys: PageKey[] = [
  { column: ledgerEntries.createdAt, type: 'timestamptz', desc: true },
  { column: ledgerEntries.id, type: 'integer', desc: true },
];

const fromWallet = alias(wallets, 'from_wallet');
const toWallet = alias(wallets, 'to_wallet');
const fromUser = alias(users, 'from_user');
const toUser = alias(users, 'to_user');

/**
 * How a movement meets its two wallets, their owners and the reservation it paid: the same for the
 * screen's first page (joined to the summary) and for every later page.
 */
const movementJoins = {
  fromWallet: and(eq(fromWallet.appId, ledgerEntries.appId), eq(fromWallet.id, ledgerEntries.fromWalletId)),
  toWallet: and(eq(toWallet.appId, ledgerEntries.appId), eq(toWallet.id, ledgerEntries.toWalletId)),
  fromUser: and(eq(fromUser.appId, fromWallet.appId), eq(fromUser.id, fromWallet.userId)),
  toUser: and(eq(toUser.appId, toWallet.appId), eq(toUser.id, toWallet.userId)),
  reservation: and(
    eq(productReservations.appId, ledgerEntries.appId),
    eq(productReservations.id, ledgerEntries.reservationId),
  ),
};

/** The wallet id of a member, without making one (null: no movement ever). */
async function existingWalletId(db: Db, appId: string, userId: number): Promise<number | null> {
  const [row] = await tenantDb(db, appId)
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.appId, appId), eq(wallets.userId, userId)));
  return row?.id ?? null;
}

/**
 * The movements of one wallet (from or to it); `walletId` is a value, the prepared query's placeholder or
 * the outer query's `wallets.id`.
 */
function movementsOf(appId: string, walletId: number | Placeholder | typeof wallets.id) {
  const id = walletId as number;
  return and(
    eq(ledgerEntries.appId, appId),
    or(eq(ledgerEntries.fromWalletId, id), eq(ledgerEntries.toWalletId, id)),
  );
}

/**
 * The newest `limit` movements of a wallet from its side (`from_wallet_id`) and from the other
 * (`to_wallet_id`), each read in the list's order from its own index (`ledger_entries_from` /
 * `ledger_entries_to`), as a filter on the outer query's ids. With `from = $w or to = $w` alone
 * PostgreSQL reads every movement of the wallet, joins each to both wallets, their owners and the
 * reservation, sorts them all and keeps a page; it also judged that plan too uncertain to cache and
 * planned it again on every request (bench:scale; decision 066 on cached plans). Now it joins at most 2 × `limit`
 * rows and keeps one generic plan. Only for a first page or a cursor: an OFFSET page keeps the plain filter.
 * `walletId`: the prepared page's placeholder or the wallet screen's outer `wallets.id`.
 */
function newestMovements(
  farm: TenantDb,
  walletId: Placeholder | typeof wallets.id,
  limit: number,
  after: SQL | undefined,
): SQL {
  const side = (column: typeof ledgerEntries.fromWalletId | typeof ledgerEntries.toWalletId) =>
    farm
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(and(eq(column, walletId as unknown as number), after))
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(limit);
  return sql`${ledgerEntries.id} in ((${side(ledgerEntries.fromWalletId)}) union all (${side(ledgerEntries.toWalletId)}))`;
}

/**
 * A page of a wallet's movements with both sides' names and the offer a purchase was for, built once
 * per app and cursor shape (ADR 046); key `appId|after` or `appId|`.
 */
const entryPageQuery = preparedQuery((db, key: string) => {
  const [appId = '', cursor, win] = key.split('|');
  const window = windowOf(win);
  const farm = tenantDb(db, appId);
  const walletId = sql.placeholder('walletId');
  const mine = movementsOf(appId, walletId);
  const after = cursor === 'after' ? afterCursor(entryKeys, cursorPlaceholders(entryKeys)) : undefined;
  const shown = window.offset === 0 ? newestMovements(farm, walletId, window.limit, after) : undefined;
  return farm
    .select({
      entry: ledgerEntries,
      fromKind: fromWallet.kind,
      toKind: toWallet.kind,
      fromFirst: fromUser.firstName,
      fromLast: fromUser.lastName,
      toFirst: toUser.firstName,
      toLast: toUser.lastName,
      offerId: productReservations.productId,
      cursor: cursorColumn(entryKeys),
      total: cappedTotal(farm, ledgerEntries, mine),
    })
    .from(ledgerEntries)
    .innerJoin(fromWallet, movementJoins.fromWallet)
    .innerJoin(toWallet, movementJoins.toWallet)
    .leftJoin(fromUser, movementJoins.fromUser)
    .leftJoin(toUser, movementJoins.toUser)
    .leftJoin(productReservations, movementJoins.reservation)
    .where(and(mine, after, shown))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(window.limit)
    .offset(window.offset)
    .prepare(`wallet_entries${cursor === 'after' ? '_after' : ''}_${win}`);
});

/** My movements, newest first, each signed from my side with the other side's name. */
export async function walletEntries(
  db: Database,
  user: AuthUser,
  query: EntryQuery,
): Promise<WalletEntryPage> {
  return entryPage(db, user.appId, await existingWalletId(db, user.appId, user.id), query);
}

interface EntryRow {
  entry: Pick<
    typeof ledgerEntries.$inferSelect,
    'id' | 'toWalletId' | 'createdAt' | 'amountCents' | 'kind' | 'description' | 'requestId'
  >;
  fromKind: string | null;
  toKind: string | null;
  fromFirst: string | null;
  fromLast: string | null;
  toFirst: string | null;
  toLast: string | null;
  offerId: number | null;
}

/** One movement, signed from `walletId`'s side, with the other side's name. */
function presentEntry(r: EntryRow, walletId: number) {
  const incoming = r.entry.toWalletId === walletId;
  const otherKind = incoming ? r.fromKind : r.toKind;
  const first = incoming ? r.fromFirst : r.toFirst;
  const last = incoming ? r.fromLast : r.toLast;
  const counterpart =
    otherKind === 'bank'
      ? { kind: 'bank' as const, name: 'Interne bank' }
      : first !== null && last !== null
        ? { kind: 'member' as const, name: `${first} ${last}`.trim() }
        : null;
  return {
    id: r.entry.id,
    createdAt: new Date(r.entry.createdAt).toISOString(),
    amountCents: incoming ? r.entry.amountCents : -r.entry.amountCents,
    direction: incoming ? ('in' as const) : ('out' as const),
    kind: r.entry.kind as 'purchase' | 'reward' | 'donation',
    description: r.entry.description,
    counterpart,
    offerId: r.offerId ?? null,
    requestId: r.entry.requestId ?? null,
  };
}

async function entryPage(
  db: Database,
  appId: string,
  walletId: number | null,
  query: EntryQuery,
): Promise<WalletEntryPage> {
  const request = { offset: query.page * query.pageSize, pageSize: query.pageSize, after: query.after };
  if (walletId === null) {
    if (query.after) decodeCursor(entryKeys, query.after);
    return {
      items: [],
      total: 0,
      totalIsLowerBound: false,
      nextCursor: null,
      page: query.page,
      pageSize: query.pageSize,
    };
  }
  const rows = await entryPageQuery(db, `${appId}|${query.after ? 'after' : ''}|${windowKey(request)}`, {
    walletId,
    ...windowParams(request),
    ...cursorParams(entryKeys, query.after),
  });
  const farm = tenantDb(db, appId);
  const page = await finishPage(
    rows,
    request,
    (r) => presentEntry(r, walletId),
    (cap) => countUpTo(farm, ledgerEntries, movementsOf(appId, walletId), cap),
  );
  return { ...page, page: query.page, pageSize: query.pageSize };
}

/** The member row, locked (404 when the id is not a user of this app). */
async function lockUser(tx: Transaction, appId: string, userId: number) {
  const [row] = await tenantDb(tx, appId)
    .select()
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.id, userId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * Switches trading on or off for one member. The member's wallet is locked first (the lock every
 * purchase and reward takes on the payer's side), so no reservation slips in between the check for
 * reserved money and the switch.
 */
async function setTransactionable(
  app: FastifyInstance,
  appId: string,
  userId: number,
  hasOpenMessage?: (name: string) => string,
): Promise<boolean> {
  const now = await inTransaction(app.db, async (tx) => {
    // An id of another farm or nobody: 404 before a wallet is made for it.
    const [exists] = await tenantDb(tx, appId)
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.appId, appId), eq(users.id, userId)));
    if (!exists) throw notFound();
    const walletId = await memberWalletId(tx, appId, userId);
    await lockWallets(tx, appId, [walletId]);
    const member = await lockUser(tx, appId, userId);
    const next = !member.isTransactionable;
    const unsettled = next
      ? 0
      : (await reservedCents(tx, appId, userId)) + (await incomingCents(tx, appId, userId));
    if (unsettled > 0) {
      throw new HttpError(
        409,
        'TRANSACTIONABLE_HAS_OPEN',
        hasOpenMessage?.(`${member.firstName} ${member.lastName}`.trim()),
      );
    }
    await tenantDb(tx, appId)
      .update(users)
      .set({ isTransactionable: next, updatedAt: sql`now()` })
      .where(and(eq(users.appId, appId), eq(users.id, userId)));
    return next;
  });
  await app.caches.usersChanged(appId, userId);
  return now;
}

/** `POST User/ToggleTransactionable`: for myself, where the farm lets members do it. */
export async function toggleMyTransactionable(app: FastifyInstance, user: AuthUser): Promise<Wallet> {
  if (!(await membersMayToggle(app.db, user.appId)))
    throw new HttpError(403, 'TOGGLE_TRANSACTIONABLE_NOT_ALLOWED');
  await setTransactionable(app, user.appId, user.id);
  return walletOf(app.db, user);
}

/** The BankManager switches a member's trading; also refused while the member has money promised. */
export async function toggleMemberTransactionable(
  app: FastifyInstance,
  manager: AuthUser,
  userId: number,
): Promise<MemberWallet> {
  await setTransactionable(
    app,
    manager.appId,
    userId,
    (name) =>
      `${name} heeft nog open reservaties of verzoeken met een beloning; die moeten eerst afgerond zijn.`,
  );
  return memberWallet(app.db, manager.appId, userId);
}

async function memberWallet(db: Db, appId: string, userId: number): Promise<MemberWallet> {
  const [row] = await tenantDb(db, appId)
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      balanceCents: sql<number>`coalesce(${wallets.balanceCents}, 0)::int`,
      isTransactionable: users.isTransactionable,
    })
    .from(users)
    .leftJoin(wallets, and(eq(wallets.appId, users.appId), eq(wallets.userId, users.id)))
    .where(and(eq(users.appId, appId), eq(users.id, userId)));
  if (!row) throw notFound();
  return { ...row, balanceCents: Number(row.balanceCents) };
}

const memberName = (m: { firstName: string; lastName: string }) => `${m.firstName} ${m.lastName}`.trim();

/**
 * Issues virtual money from the internal bank to each named member, in one transaction: one movement per
 * member keyed `donation:<key>:<userId>`, so a retry (or a racing double submit) gives nobody the amount
 * twice. Every id must be an active, approved, transactionable member of this app, else nothing is given.
 */
export async function donate(
  app: FastifyInstance,
  manager: AuthUser,
  body: DonateBody,
): Promise<DonateResult> {
  const appId = manager.appId;
  const userIds = [...new Set(body.userIds)].sort((a, b) => a - b);
  const { result, created } = await inTransaction(app.db, async (tx) => {
    const farm = tenantDb(tx, appId);
    const members = await farm
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        isActive: users.isActive,
        isApproved: users.isApproved,
        isTransactionable: users.isTransactionable,
      })
      .from(users)
      .where(and(eq(users.appId, appId), inArray(users.id, userIds)));
    if (members.length !== userIds.length) {
      throw new HttpError(
        404,
        'NOT_FOUND',
        'Niet alle gekozen leden bestaan op deze plukboerderij; er werd niets gegeven.',
      );
    }
    // A retry answers as the first call did: who already got it under this key is not checked again.
    const keyOf = (id: number) => `donation:${body.idempotencyKey}:${id}`;
    const earlier = await farm
      .select({ key: ledgerEntries.idempotencyKey })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.appId, appId),
          inArray(
            ledgerEntries.idempotencyKey,
            userIds.map((id) => keyOf(id)),
          ),
        ),
      );
    const credited = new Set(earlier.map((e) => e.key));
    const toCredit = members.filter((m) => !credited.has(keyOf(m.id)));
    const inactive = toCredit.find((m) => !m.isActive || !m.isApproved);
    if (inactive) {
      const message = `${memberName(inactive)} is geen actief lid; er werd niets gegeven.`;
      throw new HttpError(400, 'VALIDATION_ERROR', message, { userIds: message });
    }
    const notTrading = toCredit.find((m) => !m.isTransactionable);
    if (notTrading) {
      throw new HttpError(
        409,
        'NOT_TRANSACTIONABLE',
        `${memberName(notTrading)} handelt niet met plukgeld; er werd niets gegeven. Zet het handelen eerst aan.`,
      );
    }
    const bank = await bankWalletId(tx, appId);
    const walletIds = new Map<number, number>();
    for (const id of userIds) walletIds.set(id, await memberWalletId(tx, appId, id));
    // Every wallet of this donation locked at once, in id order: two donations never deadlock.
    await lockWallets(tx, appId, [bank, ...walletIds.values()]);
    let donated = 0;
    const notify: number[] = [];
    for (const id of userIds) {
      const moved = await moveMoney(tx, {
        appId,
        fromWalletId: bank,
        toWalletId: walletIds.get(id)!,
        amountCents: body.amountCents,
        kind: 'donation',
        description: body.reason,
        idempotencyKey: keyOf(id),
        createdByUserId: manager.id,
      });
      if (moved.moved) {
        donated += 1;
        notify.push(id);
      }
    }
    const created: CreatedNotification[] = await insertNotifications(
      tx,
      appId,
      notify.map((id) => donationNotification(id, body.amountCents, body.reason)),
    );
    return {
      result: {
        donatedCount: donated,
        alreadyDonatedCount: userIds.length - donated,
        totalCents: donated * body.amountCents,
      },
      created,
    };
  });
  app.push.deliver(created);
  return result;
}

/** The farm's approved, active members who trade with virtual money (a sub-select of the bank's read). */
const tradingCountSql = (appId: string) =>
  sql<number>`(select count(*)::int from users tu where tu.app_id = ${appId} and tu.is_active and tu.is_approved and tu.is_transactionable)`;

/** What the farm's member wallets hold together (a sub-select of the bank's read). */
const membersTotalSql = (appId: string) =>
  sql<string>`(select coalesce(sum(mw.balance_cents), 0)::bigint from wallets mw where mw.app_id = ${appId} and mw.kind = 'member')`;

/**
 * The farm's internal bank: issued (minus the bank's balance), the members' total and counts. One
 * statement (ADR 070): the bank's wallet row with its stored donation count (moved by `moveMoney` with
 * each donation, not a count over the farm's donation rows), the members' total and the trading count as
 * sub-selects of it. Before the bank's first donation there is no bank row: the figures come apart.
 */
export async function internalBank(db: Database, appId: string): Promise<InternalBank> {
  const farm = tenantDb(db, appId);
  const [bank] = await farm
    .select({
      balance: wallets.balanceCents,
      donations: wallets.donationCount,
      membersTotal: membersTotalSql(appId),
      trading: tradingCountSql(appId),
    })
    .from(wallets)
    .where(and(eq(wallets.appId, appId), eq(wallets.kind, 'bank')));
  if (bank) {
    return {
      issuedCents: -bank.balance,
      membersTotalCents: Number(bank.membersTotal ?? 0),
      donationCount: bank.donations,
      transactionableMemberCount: Number(bank.trading ?? 0),
    };
  }
  const [members] = await farm
    .select({ total: sum(wallets.balanceCents) })
    .from(wallets)
    .where(and(eq(wallets.appId, appId), eq(wallets.kind, 'member')));
  const [trading] = await farm
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.appId, appId),
        eq(users.isActive, true),
        eq(users.isApproved, true),
        eq(users.isTransactionable, true),
      ),
    );
  return {
    issuedCents: 0,
    membersTotalCents: Number(members?.total ?? 0),
    donationCount: 0,
    transactionableMemberCount: Number(trading?.n ?? 0),
  };
}

const issuedBy = alias(users, 'issued_by');

/** The bank's issuances, newest first, with the recipient and the manager who gave it. */
export async function issuances(db: Database, appId: string, query: EntryQuery): Promise<IssuancePage> {
  const farm = tenantDb(db, appId);
  const request = { offset: query.page * query.pageSize, pageSize: query.pageSize, after: query.after };
  const [bank] = await farm
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.appId, appId), eq(wallets.kind, 'bank')));
  if (!bank) {
    if (query.after) decodeCursor(entryKeys, query.after);
    return {
      items: [],
      total: 0,
      totalIsLowerBound: false,
      nextCursor: null,
      page: query.page,
      pageSize: query.pageSize,
    };
  }
  const fromBank = and(eq(ledgerEntries.appId, appId), eq(ledgerEntries.fromWalletId, bank.id));
  const window = pageWindow(request);
  const rows = await farm
    .select({
      entry: ledgerEntries,
      recipientId: toUser.id,
      recipientFirst: toUser.firstName,
      recipientLast: toUser.lastName,
      byFirst: issuedBy.firstName,
      byLast: issuedBy.lastName,
      cursor: cursorColumn(entryKeys),
      total: cappedTotal(farm, ledgerEntries, fromBank),
    })
    .from(ledgerEntries)
    .innerJoin(
      toWallet,
      and(eq(toWallet.appId, ledgerEntries.appId), eq(toWallet.id, ledgerEntries.toWalletId)),
    )
    .leftJoin(toUser, and(eq(toUser.appId, toWallet.appId), eq(toUser.id, toWallet.userId)))
    .leftJoin(
      issuedBy,
      and(eq(issuedBy.appId, ledgerEntries.appId), eq(issuedBy.id, ledgerEntries.createdByUserId)),
    )
    .where(
      and(fromBank, query.after ? afterCursor(entryKeys, decodeCursor(entryKeys, query.after)) : undefined),
    )
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(window.limit)
    .offset(window.offset);
  const page = await finishPage(
    rows,
    request,
    (r) => ({
      id: r.entry.id,
      createdAt: new Date(r.entry.createdAt).toISOString(),
      amountCents: r.entry.amountCents,
      description: r.entry.description,
      recipient:
        r.recipientId !== null && r.recipientFirst !== null && r.recipientLast !== null
          ? { id: r.recipientId, firstName: r.recipientFirst, lastName: r.recipientLast }
          : null,
      issuedBy: r.byFirst !== null && r.byLast !== null ? `${r.byFirst} ${r.byLast}`.trim() : null,
    }),
    (cap) => countUpTo(farm, ledgerEntries, fromBank, cap),
  );
  return { ...page, page: query.page, pageSize: query.pageSize };
}

/** By name: last name, first name, id. */
const memberKeys: PageKey[] = [
  { column: users.lastName, type: 'text' },
  { column: users.firstName, type: 'text' },
  { column: users.id, type: 'integer' },
];

/** Active, approved members with their balance, by name, with the users list's name search. */
export async function memberWallets(
  db: Database,
  appId: string,
  query: z.output<typeof memberWalletQuerySchema>,
): Promise<MemberWalletPage> {
  const farm = tenantDb(db, appId);
  const request = { offset: query.page * query.pageSize, pageSize: query.pageSize, after: query.after };
  // The flags as literals (ADR 066), so the cached plan reads the partial index `users_members_by_name`.
  const conditions: SQL[] = [
    eq(users.appId, appId),
    eq(users.isActive, literalFlag(true)),
    eq(users.isApproved, literalFlag(true)),
  ];
  if (query.search) conditions.push(ilike(userSearchText, likePattern(query.search)));
  const where = and(...conditions);
  const window = pageWindow(request);
  const rows = await farm
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      balanceCents: sql<number>`coalesce(${wallets.balanceCents}, 0)::int`,
      isTransactionable: users.isTransactionable,
      cursor: cursorColumn(memberKeys),
      total: cappedTotal(farm, users, where),
    })
    .from(users)
    .leftJoin(wallets, and(eq(wallets.appId, users.appId), eq(wallets.userId, users.id)))
    .where(
      and(where, query.after ? afterCursor(memberKeys, decodeCursor(memberKeys, query.after)) : undefined),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(window.limit)
    .offset(window.offset);
  const page = await finishPage(
    rows,
    request,
    (r) => ({
      userId: r.userId,
      firstName: r.firstName,
      lastName: r.lastName,
      username: r.username,
      balanceCents: Number(r.balanceCents),
      isTransactionable: r.isTransactionable,
    }),
    (cap) => countUpTo(farm, users, where, cap),
  );
  return { ...page, page: query.page, pageSize: query.pageSize };
}
