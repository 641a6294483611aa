import { and, desc, eq, ilike, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { transactionPagedQuerySchema, type PagedTransactions } from '@pluk/contract';
import type { z } from 'zod';
import type { Database } from '../../../db/client.js';
import { tenantDb, type TenantDb } from '../../../db/tenant.js';
import { bankTransactions, subscriptions, users } from '../../../db/schema/index.js';
import {
  afterCursor,
  cappedTotal,
  countUpTo,
  cursorColumn,
  decodeCursor,
  finishPage,
  pageWindow,
  type PageKey,
} from '../../../lib/paging.js';
import { likePattern } from '../../../lib/like-pattern.js';
import { userSearchText } from '../../users/service.js';
import { managedTransactionColumns, presentManagedTransaction } from '../presenter.js';
import { farmToday } from './dates.js';

type PagedQuery = z.output<typeof transactionPagedQuerySchema>;

/**
 * The latest first: `(app_id, created_at, id)` read backwards; with a harvest year `(app_id, harvest_year,
 * created_at, id)`, with a member `(app_id, user_id, created_at, id)` (a user's transactions).
 */
const transactionKeys: PageKey[] = [
  { column: bankTransactions.createdAt, type: 'timestamptz', desc: true },
  { column: bankTransactions.id, type: 'integer', desc: true },
];

/**
 * Payer name, description, the member's name or e-mail (through the users' trigram index), and, when
 * the search is digits (with the `+++/` of a printed reference), the structured reference.
 */
function searchCondition(farm: TenantDb, search: string): SQL {
  const pattern = likePattern(search);
  const matches: SQL[] = [
    ilike(bankTransactions.payerName, pattern),
    ilike(bankTransactions.description, pattern),
    inArray(
      bankTransactions.userId,
      farm.select({ id: users.id }).from(users).where(ilike(userSearchText, pattern)),
    ),
  ];
  const digits = search.replace(/[\s+/.-]/g, '');
  if (/^\d{1,12}$/.test(digits)) matches.push(like(bankTransactions.structuredReference, `%${digits}%`));
  return or(...matches) as SQL;
}

/** The bank screen's list and a user's transactions: filtered, the latest first, paged like every list. */
export async function pagedTransactions(
  db: Database,
  appId: string,
  query: PagedQuery,
): Promise<PagedTransactions> {
  const farm = tenantDb(db, appId);
  const conditions: (SQL | undefined)[] = [eq(bankTransactions.appId, appId)];
  if (query.harvestYear !== undefined) conditions.push(eq(bankTransactions.harvestYear, query.harvestYear));
  if (query.status !== undefined) conditions.push(eq(bankTransactions.status, query.status));
  if (query.subscriptionId !== undefined)
    conditions.push(eq(bankTransactions.subscriptionId, query.subscriptionId));
  if (query.userId !== undefined) conditions.push(eq(bankTransactions.userId, query.userId));
  if (query.search) conditions.push(searchCondition(farm, query.search));
  if (query.overdue) {
    // Open and past the farm's today (bank_transactions_open_due, decision 092).
    conditions.push(sql`${bankTransactions.status} = 'open'`, lt(bankTransactions.dueDate, farmToday()));
  }
  const where = and(...conditions);
  const request = {
    offset: (query.page - 1) * query.rowsPerPage,
    pageSize: query.rowsPerPage,
    after: query.after,
  };
  const window = pageWindow(request);
  const rows = await farm
    .select({
      ...managedTransactionColumns,
      cursor: cursorColumn(transactionKeys),
      // Counted in the page's own statement, up to the cap (ADR 056).
      total: cappedTotal(farm, bankTransactions, where),
    })
    .from(bankTransactions)
    .leftJoin(subscriptions, eq(subscriptions.id, bankTransactions.subscriptionId))
    .leftJoin(users, eq(users.id, bankTransactions.userId))
    .where(
      and(
        where,
        query.after ? afterCursor(transactionKeys, decodeCursor(transactionKeys, query.after)) : undefined,
      ),
    )
    .orderBy(desc(bankTransactions.createdAt), desc(bankTransactions.id))
    .limit(window.limit)
    .offset(window.offset);
  const page = await finishPage(rows, request, presentManagedTransaction, (cap) =>
    countUpTo(farm, bankTransactions, where, cap),
  );
  return { ...page, page: query.page, rowsPerPage: query.rowsPerPage };
}
