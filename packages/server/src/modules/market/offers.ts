import {
  and,
  asc,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  lte,
  ne,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import {
  managerOfferQuerySchema,
  offerListQuerySchema,
  type ManagerOfferPage,
  type MyOrders,
  type OfferDetail,
  type OfferPage,
  type OfferSummary,
  type OfferTaker,
} from '@pluk/contract';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client.js';
import { tenantDb } from '../../db/tenant.js';
import { productReservations, products, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/http-error.js';
import { preparedQuery } from '../../db/prepared.js';
import {
  afterCursor,
  cappedTotal,
  countUpTo,
  cursorColumn,
  cursorParams,
  cursorPlaceholders,
  decodeCursor,
  finishPage,
  literalFlag,
  pageWindow,
  windowKey,
  windowOf,
  windowParams,
  type PageKey,
} from '../../lib/paging.js';
import type { AuthUser } from '../../types.js';
import { currentHarvestYear } from '../harvest-year.js';
import { subscriptionNamesOf } from '../subscription/service.js';
import {
  presentManagerOffer,
  presentOfferDetail,
  presentOfferSummary,
  presentReservation,
  presentTaker,
  type OfferRead,
  type ReservationRead,
} from './presenter.js';

/**
 * Reading offers (the member list, the home block, details, my offers and orders, the manager list and
 * takers). Changes are in `service.ts`.
 */

type Db = Database | Transaction;

/**
 * What is reserved or paid of the offer: quantity − this is what is left. A stored column kept by the
 * service in each reservation change (ADR 070), so the member list's "not sold out" is a partial index's
 * predicate (`products_open_app_created_id`), not a sum over the reservations per offer read.
 */
export const takenSql = products.takenQuantity;

/** The offer's photos (media ids) in order; an empty array without photos. */
const photoIdsSql = sql<
  number[]
>`coalesce((select array_agg(pp.media_id order by pp.position, pp.id) from product_photos pp where pp.app_id = "products"."app_id" and pp.product_id = "products"."id"), '{}')::int[]`;

/** The reservation counts (reserved, paid) of the offer in the outer query. */
const reservationCountsSql = sql<
  number[]
>`(select array[count(*) filter (where r.status = 'reserved'), count(*) filter (where r.status = 'paid')]::int[] from product_reservations r where r.app_id = "products"."app_id" and r.product_id = "products"."id")`;

/**
 * The joins name the farm on both sides (`users.app_id = products.app_id`), as the composite keys do:
 * tenantDb gives each table its own `app_id = $n`, and a cached (generic) plan cannot tell those
 * parameters are equal, so it priced the owner join at one row, sorted the farm's every offer for a page
 * and was planned again on every request (bench:scale; decision 066 on cached plans).
 */
export const ownerJoin = and(eq(users.appId, products.appId), eq(users.id, products.ownerUserId));
export const takerJoin = and(
  eq(users.appId, productReservations.appId),
  eq(users.id, productReservations.userId),
);
export const offerJoin = and(
  eq(products.appId, productReservations.appId),
  eq(products.id, productReservations.productId),
);

const ownerColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName };
const offerColumns = { product: products, owner: ownerColumns, taken: takenSql, photoIds: photoIdsSql };

/** What a list shows of each offer (`ProductSummaryRow`): not the description or pick-up text. */
const productSummaryColumns = {
  id: products.id,
  title: products.title,
  priceCents: products.priceCents,
  quantity: products.quantity,
  unit: products.unit,
  availableUntil: products.availableUntil,
  isClosed: products.isClosed,
  ownerUserId: products.ownerUserId,
  createdAt: products.createdAt,
};
const offerSummaryColumns = { ...offerColumns, product: productSummaryColumns };

export const inApp = (appId: string, productId: number) =>
  and(eq(products.id, productId), eq(products.appId, appId));

/** Newest first (index `products_app_created_id`, read backwards). */
const offerKeys: PageKey[] = [
  { column: products.createdAt, type: 'timestamptz', desc: true },
  { column: products.id, type: 'integer', desc: true },
];

/** `%text%` for ILIKE, with the pattern's own characters taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function priceCondition(price: 'all' | 'free' | 'paid'): SQL | undefined {
  if (price === 'free') return eq(products.priceCents, 0);
  if (price === 'paid') return gt(products.priceCents, 0);
  return undefined;
}

const notEnded = (now: Date) => or(isNull(products.availableUntil), gt(products.availableUntil, now));

type MemberQuery = z.output<typeof offerListQuerySchema>;
type MemberFilter = Pick<MemberQuery, 'isCompleted' | 'hasEnded' | 'price' | 'search'>;

/**
 * The member list's filter. Others' closed offers never show. isCompleted=false (and its absence) leaves
 * out closed and sold-out offers, isCompleted=true shows only those (closed ones of my own); hasEnded=false
 * (and its absence) leaves out offers past their availableUntil, hasEnded=true shows only those. `userId`
 * and `now` are values or the placeholders of the prepared query. The open list's filter is written as
 * the partial index `products_open_app_created_id` states it (`not is_closed and taken_quantity <
 * quantity`, literal), so a generic plan reads that index's range (ADR 070).
 */
function memberListWhere(
  appId: string,
  userId: number | Placeholder,
  query: MemberFilter,
  now: Date | Placeholder,
): SQL | undefined {
  // Drizzle binds a placeholder wherever it binds a value.
  const at = now as Date;
  const viewer = userId as number;
  const conditions: (SQL | undefined)[] = [
    eq(products.appId, appId),
    or(eq(products.isClosed, literalFlag(false)), eq(products.ownerUserId, viewer)),
  ];
  if (query.isCompleted === true) {
    conditions.push(or(eq(products.isClosed, literalFlag(true)), sql`${takenSql} >= ${products.quantity}`));
  } else conditions.push(sql`not ${products.isClosed} and ${takenSql} < ${products.quantity}`);
  if (query.hasEnded === true) conditions.push(lte(products.availableUntil, at));
  else conditions.push(notEnded(at));
  if (query.search) conditions.push(ilike(products.title, likePattern(query.search)));
  conditions.push(priceCondition(query.price));
  return and(...conditions);
}

const flag = (value: string | undefined) => (value === 'true' ? true : value === 'false' ? false : undefined);

/**
 * The member list without a search (the home block, the market screen), built once per app, filter and
 * cursor use (ADR 046), with its capped total in the same statement; key
 * `appId|isCompleted|hasEnded|price|cursor`.
 */
const offerPageQuery = preparedQuery((db, key: string) => {
  const [appId = '', isCompleted, hasEnded, price, cursor, win] = key.split('|');
  const window = windowOf(win);
  const filter: MemberFilter = {
    isCompleted: flag(isCompleted),
    hasEnded: flag(hasEnded),
    price: (price ?? 'all') as MemberFilter['price'],
  };
  const farm = tenantDb(db, appId);
  const userId = sql.placeholder('userId');
  const now = sql.placeholder('now');
  const where = memberListWhere(appId, userId, filter, now);
  return farm
    .select({
      ...offerSummaryColumns,
      cursor: cursorColumn(offerKeys),
      total: cappedTotal(farm, products, memberListWhere(appId, userId, filter, now)),
    })
    .from(products)
    .innerJoin(users, ownerJoin)
    .where(and(where, cursor === 'after' ? afterCursor(offerKeys, cursorPlaceholders(offerKeys)) : undefined))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(window.limit)
    .offset(window.offset)
    .prepare(`offer_page${cursor === 'after' ? '_after' : ''}_${win}`);
});

/** The member list and the home block: active offers, newest first, a page at a time (ADR 056). */
export async function listOffers(
  db: Database,
  user: AuthUser,
  query: MemberQuery,
  now = new Date(),
): Promise<OfferPage> {
  const farm = tenantDb(db, user.appId);
  // Built only when this request builds its statement (a search) or counts apart (never for the prepared page).
  const where = () => memberListWhere(user.appId, user.id, query, now);
  const request = { offset: query.page * query.pageSize, pageSize: query.pageSize, after: query.after };
  const window = pageWindow(request);
  const rows = query.search
    ? await farm
        .select({
          ...offerSummaryColumns,
          cursor: cursorColumn(offerKeys),
          total: cappedTotal(farm, products, where()),
        })
        .from(products)
        .innerJoin(users, ownerJoin)
        .where(
          and(
            where(),
            query.after ? afterCursor(offerKeys, decodeCursor(offerKeys, query.after)) : undefined,
          ),
        )
        .orderBy(desc(products.createdAt), desc(products.id))
        .limit(window.limit)
        .offset(window.offset)
    : await offerPageQuery(
        db,
        `${user.appId}|${query.isCompleted}|${query.hasEnded}|${query.price}|${query.after ? 'after' : ''}|${windowKey(request)}`,
        {
          userId: user.id,
          now: now.toISOString(),
          ...windowParams(request),
          ...cursorParams(offerKeys, query.after),
        },
      );
  const page = await finishPage(
    rows,
    request,
    (r) => presentOfferSummary(r, user.id, now),
    (cap) => countUpTo(farm, products, where(), cap),
  );
  return { ...page, page: query.page, pageSize: query.pageSize };
}

/** One offer as the lists read it, or null when it is not in the app. */
export async function readOffer(db: Db, appId: string, productId: number): Promise<OfferRead | null> {
  const [row] = await tenantDb(db, appId)
    .select(offerColumns)
    .from(products)
    .innerJoin(users, ownerJoin)
    .where(inApp(appId, productId));
  return row ?? null;
}

const reservationColumns = {
  reservation: productReservations,
  taker: { id: users.id, firstName: users.firstName, lastName: users.lastName },
};

/** The offer's reservations in the order they were made (only `userId`'s when given). */
async function reservationsOf(db: Db, appId: string, productId: number, userId?: number) {
  return tenantDb(db, appId)
    .select(reservationColumns)
    .from(productReservations)
    .innerJoin(users, takerJoin)
    .where(
      and(
        eq(productReservations.productId, productId),
        userId === undefined ? undefined : eq(productReservations.userId, userId),
      ),
    )
    .orderBy(asc(productReservations.createdAt), asc(productReservations.id));
}

/**
 * One offer: its owner (and a ProductManager through the manager route, `seesAll`) sees every
 * reservation, anyone else only their own. Another farm's offer is 404.
 */
export async function offerDetail(
  db: Db,
  user: AuthUser,
  productId: number,
  { seesAll = false }: { seesAll?: boolean } = {},
  now = new Date(),
): Promise<OfferDetail> {
  const read = await readOffer(db, user.appId, productId);
  if (!read) throw notFound();
  const all = seesAll || read.product.ownerUserId === user.id;
  const reservations = await reservationsOf(db, user.appId, productId, all ? undefined : user.id);
  return presentOfferDetail(read, reservations, user.id, all, now);
}

/** One reservation with its taker, presented. */
export async function reservationById(db: Db, appId: string, reservationId: number) {
  const [row] = await tenantDb(db, appId)
    .select(reservationColumns)
    .from(productReservations)
    .innerJoin(users, takerJoin)
    .where(eq(productReservations.id, reservationId));
  if (!row) throw notFound();
  return presentReservation(row);
}

/** My offers, open and closed, newest first. */
export async function myOffers(db: Database, user: AuthUser, now = new Date()): Promise<OfferSummary[]> {
  const rows = await tenantDb(db, user.appId)
    .select(offerSummaryColumns)
    .from(products)
    .innerJoin(users, ownerJoin)
    .where(eq(products.ownerUserId, user.id))
    .orderBy(desc(products.createdAt), desc(products.id));
  return rows.map((r) => presentOfferSummary(r, user.id, now));
}

/** How many orders each half of `/account/market` shows (the newest). */
const ordersShown = 200;

/** What I reserved or bought, and what others reserved from my offers, newest first. */
export async function myOrders(db: Database, user: AuthUser, now = new Date()): Promise<MyOrders> {
  const farm = tenantDb(db, user.appId);
  const mineRows = await farm
    .select({ reservation: productReservations })
    .from(productReservations)
    .where(eq(productReservations.userId, user.id))
    .orderBy(desc(productReservations.createdAt), desc(productReservations.id))
    .limit(ordersShown);
  const fromOthersRows = await farm
    .select({ reservation: productReservations, taker: reservationColumns.taker })
    .from(productReservations)
    .innerJoin(products, offerJoin)
    .innerJoin(users, takerJoin)
    .where(and(eq(products.ownerUserId, user.id), ne(productReservations.userId, user.id)))
    .orderBy(desc(productReservations.createdAt), desc(productReservations.id))
    .limit(ordersShown);
  const offerIds = [...new Set([...mineRows, ...fromOthersRows].map((r) => r.reservation.productId))];
  const reads =
    offerIds.length === 0
      ? []
      : await farm
          .select(offerSummaryColumns)
          .from(products)
          .innerJoin(users, ownerJoin)
          .where(inArray(products.id, offerIds));
  const offers = new Map<number, OfferSummary>(
    reads.map((read) => [read.product.id, presentOfferSummary(read, user.id, now)]),
  );
  const me = await farm
    .select(reservationColumns.taker)
    .from(users)
    .where(eq(users.id, user.id))
    .then((rows) => rows[0]!);
  return {
    mine: mineRows.map((r) => ({
      reservation: presentReservation({ reservation: r.reservation, taker: me }),
      offer: offers.get(r.reservation.productId)!,
    })),
    fromOthers: fromOthersRows.map((r) => ({
      reservation: presentReservation(r),
      offer: offers.get(r.reservation.productId)!,
    })),
  };
}

type ManagerQuery = z.output<typeof managerOfferQuerySchema>;

function managerListWhere(appId: string, query: ManagerQuery): SQL | undefined {
  return and(
    eq(products.appId, appId),
    query.status === 'active' ? eq(products.isClosed, literalFlag(false)) : undefined,
    query.status === 'closed' ? eq(products.isClosed, literalFlag(true)) : undefined,
    query.search ? ilike(products.title, likePattern(query.search)) : undefined,
    priceCondition(query.price),
    // The to-do list's link (decision 092): offers with a reservation waiting (product_reservations_reserved).
    query.reservations === 'open'
      ? sql`exists (select 1 from product_reservations r where r.app_id = ${products.appId} and r.product_id = ${products.id} and r.status = 'reserved')`
      : undefined,
  );
}

/** Every offer of the app for the ProductManager, newest first, a page at a time, with its counts. */
export async function managerOffers(
  db: Database,
  manager: AuthUser,
  query: ManagerQuery,
  now = new Date(),
): Promise<ManagerOfferPage> {
  const farm = tenantDb(db, manager.appId);
  const where = managerListWhere(manager.appId, query);
  const request = { offset: query.page * query.pageSize, pageSize: query.pageSize, after: query.after };
  const window = pageWindow(request);
  const rows = await farm
    .select({
      ...offerSummaryColumns,
      product: { ...productSummaryColumns, updatedAt: products.updatedAt },
      counts: reservationCountsSql,
      cursor: cursorColumn(offerKeys),
      total: cappedTotal(farm, products, where),
    })
    .from(products)
    .innerJoin(users, ownerJoin)
    .where(and(where, query.after ? afterCursor(offerKeys, decodeCursor(offerKeys, query.after)) : undefined))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(window.limit)
    .offset(window.offset);
  const page = await finishPage(
    rows,
    request,
    (r) =>
      presentManagerOffer(
        r,
        { reservedCount: r.counts?.[0] ?? 0, paidCount: r.counts?.[1] ?? 0 },
        manager.id,
        now,
      ),
    (cap) => countUpTo(farm, products, where, cap),
  );
  return { ...page, page: query.page, pageSize: query.pageSize };
}

/** Everyone who reserved the offer, in the order they did, with contact data (for the ProductManager). */
export async function offerTakers(db: Database, appId: string, productId: number): Promise<OfferTaker[]> {
  const [exists] = await tenantDb(db, appId)
    .select({ id: products.id })
    .from(products)
    .where(inApp(appId, productId));
  if (!exists) throw notFound();
  const rows = await tenantDb(db, appId)
    .select({ ...reservationColumns, email: users.email, phone: users.phone })
    .from(productReservations)
    .innerJoin(users, takerJoin)
    .where(eq(productReservations.productId, productId))
    .orderBy(asc(productReservations.createdAt), asc(productReservations.id));
  const takers = rows.map((r: ReservationRead & { email: string; phone: string }) => presentTaker(r));
  const year = (await currentHarvestYear(db, appId)).year;
  const names = await subscriptionNamesOf(
    db,
    appId,
    takers.map((t) => t.taker.id),
    year,
  );
  return takers.map((t) => ({ ...t, subscriptionNames: names.get(t.taker.id) ?? [] }));
}
