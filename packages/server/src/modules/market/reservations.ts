import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { managerReservationQuerySchema, ManagerReservationPage, PersonRef } from '@pluk/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { tenantDb, type TenantDb } from '../../db/tenant.js';
import { productReservations, products, users } from '../../db/schema/index.js';
import {
  afterCursor,
  cursorColumn,
  decodeCursor,
  finishPage,
  literalCount,
  pageWindow,
  type PageKey,
} from '../../lib/paging.js';
import type { AuthUser } from '../../types.js';
import { likePattern, offerJoin, ownerJoin, takerJoin } from './offers.js';
import { presentReservation } from './presenter.js';

/**
 * The ProductManager's list of every reservation of the farm (ADR 096): what members took or bought,
 * from every offer, to confirm as paid many at once after a market day. Changes stay the one-reservation
 * calls of `service.ts` (confirm, refuse), each with its own checks and ledger move.
 */

type Query = z.output<typeof managerReservationQuerySchema>;

/** Newest first; the id breaks ties (two reservations in the same instant). */
const reservationKeys: PageKey[] = [
  { column: productReservations.createdAt, type: 'timestamptz', desc: true },
  { column: productReservations.id, type: 'integer', desc: true },
];

function listWhere(appId: string, query: Query): SQL | undefined {
  const pattern = query.search ? likePattern(query.search) : null;
  return and(
    eq(productReservations.appId, appId),
    query.status === 'all' ? undefined : eq(productReservations.status, query.status),
    query.offerId === undefined ? undefined : eq(productReservations.productId, query.offerId),
    pattern
      ? or(
          ilike(products.title, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        )
      : undefined,
  );
}

/** The rows of the list (taker and offer joined: the search reads both). */
function listed(farm: TenantDb, fields: Record<string, unknown>) {
  return farm
    .select(fields as never)
    .from(productReservations)
    .innerJoin(products, offerJoin)
    .innerJoin(users, takerJoin);
}

/** How many rows match, counted up to `cap` (ADR 056). */
async function countUpTo(farm: TenantDb, where: SQL | undefined, cap: number): Promise<number> {
  const capped = listed(farm, { one: sql`1` })
    .where(where)
    .limit(literalCount(cap))
    .as('capped');
  const [row] = await farm.select({ count: sql<number>`count(*)::int` }).from(capped);
  return Number((row as { count?: number } | undefined)?.count ?? 0);
}

/** The owners of the page's offers (one read for the page; a second join on users would need an alias). */
async function ownersOf(farm: TenantDb, offerIds: number[]): Promise<Map<number, PersonRef>> {
  if (offerIds.length === 0) return new Map();
  const rows = await farm
    .select({ offerId: products.id, id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(products)
    .innerJoin(users, ownerJoin)
    .where(inArray(products.id, offerIds));
  return new Map(rows.map(({ offerId, ...owner }) => [offerId, owner]));
}

/** Every reservation of the manager's farm, newest first, a page at a time, with its offer and owner. */
export async function managerReservations(
  db: Database,
  manager: AuthUser,
  query: Query,
): Promise<ManagerReservationPage> {
  const farm = tenantDb(db, manager.appId);
  const where = listWhere(manager.appId, query);
  const request = { offset: query.page * query.pageSize, pageSize: query.pageSize, after: query.after };
  const window = pageWindow(request);
  type Row = {
    reservation: typeof productReservations.$inferSelect;
    taker: PersonRef;
    offer: { id: number; title: string; unit: string };
    cursor: string;
  };
  const rows = (await listed(farm, {
    reservation: productReservations,
    taker: { id: users.id, firstName: users.firstName, lastName: users.lastName },
    offer: { id: products.id, title: products.title, unit: products.unit },
    cursor: cursorColumn(reservationKeys),
  })
    .where(
      and(
        where,
        query.after ? afterCursor(reservationKeys, decodeCursor(reservationKeys, query.after)) : undefined,
      ),
    )
    .orderBy(desc(productReservations.createdAt), desc(productReservations.id))
    .limit(window.limit)
    .offset(window.offset)) as Row[];
  const owners = await ownersOf(farm, [...new Set(rows.map((row) => row.offer.id))]);
  const page = await finishPage(
    rows,
    request,
    (row) => ({
      ...presentReservation(row),
      offer: { ...row.offer, owner: owners.get(row.offer.id)! },
    }),
    (cap) => countUpTo(farm, where, cap),
  );
  return { ...page, page: query.page, pageSize: query.pageSize };
}
