import type { FastifyInstance } from 'fastify';
import { and, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { ManagedUser, managedUsersQuerySchema, PagedUsers, UserSort } from '@pluk/contract';
import type { z } from 'zod';
import { users } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { inTransaction } from '../../db/transaction.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import {
  afterCursor,
  cappedTotal,
  countUpTo,
  cursorColumn,
  decodeCursor,
  finishPage,
  literalFlag,
  pageWindow,
  type PageKey,
} from '../../lib/paging.js';
import type { RequestAuth, Tenant } from '../../types.js';
import { audit } from '../audit.js';
import { likePattern } from '../../lib/like-pattern.js';
import { accountMailLinks, queueWelcomeEmails } from '../auth/account-mails.js';
import { managedUserColumns, presentManagedUser } from './presenter.js';
import { assertMayActOn, lockAccountToActOn } from './policy.js';

/**
 * What the name filter searches: user name, first and last name (so "Jan Peeters" matches) and
 * e-mail as one text, the expression of the trigram index `users_app_search_trgm` (pg_trgm, ADR 056;
 * app_id first, ADR 099).
 */
export const userSearchText = sql`(${users.username} || ' ' || ${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email})`;

/** Oldest account first (index `users_app_created_id`; the waiting list `users_waiting_created_id`). */
const createdKeys: PageKey[] = [
  { column: users.createdAt, type: 'timestamptz' },
  { column: users.id, type: 'integer' },
];
/** By name (index `users_app_name_id`). */
const nameKeys: PageKey[] = [
  { column: users.lastName, type: 'text' },
  { column: users.firstName, type: 'text' },
  { column: users.id, type: 'integer' },
];
/** By last visit; never seen counts as the oldest visit, so the cursor never holds a null. */
const lastSeenKeys: PageKey[] = [
  { column: sql`coalesce(${users.lastSeenAt}, '-infinity'::timestamptz)`, type: 'timestamptz' },
  { column: users.id, type: 'integer' },
];
const sortKeys: Record<UserSort, PageKey[]> = {
  name: nameKeys,
  created: createdKeys,
  lastSeen: lastSeenKeys,
};

/** Not deleted: anonymised accounts (ADR 080) are in no list. */
export const notAnonymized = isNull(users.anonymizedAt);

/**
 * Users of the app, filtered, sorted and paged (page is 1-based, or `after`); the waiting list is
 * isApproved=false with the default order (oldest first).
 */
export async function pagedUsers(
  app: FastifyInstance,
  appId: string,
  query: z.output<typeof managedUsersQuerySchema>,
): Promise<PagedUsers> {
  const conditions: SQL[] = [eq(users.appId, appId), notAnonymized];
  if (query.filter) conditions.push(ilike(userSearchText, likePattern(query.filter)));
  if (query.isApproved !== undefined) conditions.push(eq(users.isApproved, literalFlag(query.isApproved)));
  if (query.isActive !== undefined) conditions.push(eq(users.isActive, literalFlag(query.isActive)));
  if (query.userIds) {
    conditions.push(query.userIds.length > 0 ? inArray(users.id, query.userIds) : sql`false`);
  }
  if (query.role) {
    conditions.push(
      sql`exists (select 1 from user_roles r where r.app_id = ${users.appId} and r.user_id = ${users.id} and r.role = ${query.role})`,
    );
  }
  if (query.subscriptionId) {
    conditions.push(
      sql`exists (select 1 from user_subscriptions s where s.app_id = ${users.appId} and s.user_id = ${users.id} and s.subscription_id = ${query.subscriptionId})`,
    );
  }
  const where = and(...conditions);
  const desc = query.direction === 'desc';
  const keys = sortKeys[query.sort].map((key) => ({ ...key, desc }));
  const request = {
    offset: (query.page - 1) * query.rowsPerPage,
    pageSize: query.rowsPerPage,
    after: query.after,
  };
  const window = pageWindow(request);
  const farm = tenantDb(app.db, appId);
  const rows = await farm
    .select({
      ...managedUserColumns,
      cursor: cursorColumn(keys),
      total: cappedTotal(farm, users, where),
    })
    .from(users)
    .where(and(where, query.after ? afterCursor(keys, decodeCursor(keys, query.after)) : undefined))
    .orderBy(...keys.map((key) => (desc ? sql`${key.column} desc` : sql`${key.column} asc`)))
    .limit(window.limit)
    .offset(window.offset);
  const page = await finishPage(rows, request, presentManagedUser, (cap) =>
    countUpTo(farm, users, where, cap),
  );
  return { ...page, page: query.page, rowsPerPage: query.rowsPerPage };
}

export async function managedUser(app: FastifyInstance, appId: string, userId: number): Promise<ManagedUser> {
  const [row] = await tenantDb(app.db, appId)
    .select(managedUserColumns)
    .from(users)
    .where(and(eq(users.id, userId), eq(users.appId, appId), notAnonymized));
  if (!row) throw notFound();
  return presentManagedUser(row);
}

/**
 * Approves a user from the waiting list: approved and active, audit-logged, welcome e-mail sent. Only
 * a user the caller may act on (ADR 086).
 */
export async function approveUser(
  app: FastifyInstance,
  tenant: Tenant,
  auth: RequestAuth,
  userId: number,
): Promise<ManagedUser> {
  const [target] = await tenantDb(app.db, tenant.appId)
    .select({
      id: users.id,
      isApproved: users.isApproved,
      isActive: users.isActive,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      roles: managedUserColumns.roles,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.appId, tenant.appId), notAnonymized));
  if (!target) throw notFound();
  assertMayActOn(auth.user, target);
  // Approval takes a user off the waiting list, nothing else: a deactivated member stays deactivated.
  if (target.isApproved) {
    throw new HttpError(
      409,
      'ALREADY_APPROVED',
      target.isActive
        ? undefined
        : 'Dit lid is al goedgekeurd en werd gedeactiveerd; goedkeuren maakt het niet opnieuw actief.',
    );
  }
  const { loginUrl } = await accountMailLinks(app, tenant.appId);
  // The approval, its audit row and the welcome e-mail's job commit together (ADR 048).
  await inTransaction(app.db, async (tx) => {
    // Only an account the caller may act on (ADR 086), its roles read under the row lock.
    await lockAccountToActOn(tx, tenant.appId, auth.user, userId);
    const [updated] = await tenantDb(tx, tenant.appId)
      .update(users)
      .set({ isApproved: true, isActive: true, updatedAt: sql`now()` })
      .where(
        and(
          eq(users.id, userId),
          eq(users.appId, tenant.appId),
          // Two managers approving at once: only the first one wins and sends the e-mail.
          eq(users.isApproved, false),
        ),
      )
      .returning({ id: users.id, updatedAt: users.updatedAt });
    if (!updated) throw new HttpError(409, 'ALREADY_APPROVED');
    await audit(tx, tenant.appId, auth, 'user.approve', { userId });
    // One welcome per approval.
    await queueWelcomeEmails(tx, tenant, loginUrl, [{ ...target, id: userId }], () =>
      String(updated.updatedAt.getTime()),
    );
  });
  // The member's very next request sees the approval, not a cached refusal (ADR 046).
  await app.caches.usersChanged(tenant.appId, userId);
  app.jobs.wake();
  return managedUser(app, tenant.appId, userId);
}
