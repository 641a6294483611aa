import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { CreateNotificationBody, Notification, NotificationPage } from '@pluk/contract';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { tenantDb } from '../../db/tenant.js';
import { notifications, users } from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import { notFound } from '../../lib/http-error.js';
import {
  afterCursor,
  countUpTo,
  cursorColumn,
  cursorParams,
  cursorPlaceholders,
  finishPage,
  windowKey,
  windowOf,
  windowParams,
  type PageKey,
} from '../../lib/paging.js';
import { insertNotifications } from './notify.js';
import { presentNotification } from './presenter.js';

/** Only ever the caller's own notifications of this app: every query below filters on both. */
const mine = (appId: string, userId: number) =>
  and(eq(notifications.appId, appId), eq(notifications.userId, userId));

/** The inbox's order: newest first (index `notifications_user_created_id`, read backwards). */
const inboxKeys: PageKey[] = [
  { column: notifications.createdAt, type: 'timestamptz', desc: true },
  { column: notifications.id, type: 'integer', desc: true },
];

/** A page of my inbox, built once per app and cursor use (ADR 046); key `appId|cursor`. */
const inboxPageQuery = preparedQuery((db, key: string) => {
  const [appId = '', cursor, win] = key.split('|');
  const window = windowOf(win);
  return tenantDb(db, appId)
    .select({ ...getTableColumns(notifications), cursor: cursorColumn(inboxKeys) })
    .from(notifications)
    .where(
      and(
        eq(notifications.appId, appId),
        eq(notifications.userId, sql.placeholder('userId')),
        cursor === 'after' ? afterCursor(inboxKeys, cursorPlaceholders(inboxKeys)) : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(window.limit)
    .offset(window.offset)
    .prepare(`inbox_page${cursor === 'after' ? '_after' : ''}_${win}`);
});

/** My inbox, newest first; `page` is 0-based, or the page follows `after` (ADR 056). */
export async function listNotifications(
  app: FastifyInstance,
  appId: string,
  userId: number,
  query: { page: number; pageSize: number; after?: string | undefined },
): Promise<NotificationPage> {
  const request = { offset: query.page * query.pageSize, pageSize: query.pageSize, after: query.after };
  const rows = await inboxPageQuery(app.db, `${appId}|${query.after ? 'after' : ''}|${windowKey(request)}`, {
    userId,
    ...windowParams(request),
    ...cursorParams(inboxKeys, query.after),
  });
  const farm = tenantDb(app.db, appId);
  const page = await finishPage(rows, request, presentNotification, (cap) =>
    countUpTo(farm, notifications, mine(appId, userId), cap),
  );
  return { ...page, page: query.page, pageSize: query.pageSize };
}

export async function unreadCount(app: FastifyInstance, appId: string, userId: number): Promise<number> {
  const [row] = await tenantDb(app.db, appId)
    .select({ count: count() })
    .from(notifications)
    .where(and(mine(appId, userId), eq(notifications.isRead, false)));
  return Number(row?.count ?? 0);
}

/** One of my notifications; another member's (or another app's) id answers 404. */
export async function getNotification(
  app: FastifyInstance,
  appId: string,
  userId: number,
  id: number,
): Promise<Notification> {
  const [row] = await tenantDb(app.db, appId)
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), mine(appId, userId)));
  if (!row) throw notFound();
  return presentNotification(row);
}

export async function setNotificationRead(
  app: FastifyInstance,
  appId: string,
  userId: number,
  id: number,
  isRead: boolean,
): Promise<Notification> {
  const [row] = await tenantDb(app.db, appId)
    .update(notifications)
    .set({ isRead })
    .where(and(eq(notifications.id, id), mine(appId, userId)))
    .returning();
  if (!row) throw notFound();
  return presentNotification(row);
}

/** Marks every unread notification of mine read; answers how many changed. */
export async function setAllNotificationsRead(
  app: FastifyInstance,
  appId: string,
  userId: number,
): Promise<number> {
  const rows = await tenantDb(app.db, appId)
    .update(notifications)
    .set({ isRead: true })
    .where(and(mine(appId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteNotification(
  app: FastifyInstance,
  appId: string,
  userId: number,
  id: number,
): Promise<void> {
  const rows = await tenantDb(app.db, appId)
    .delete(notifications)
    .where(and(eq(notifications.id, id), mine(appId, userId)))
    .returning({ id: notifications.id });
  if (rows.length === 0) throw notFound();
}

/**
 * A manager's message to members of this app. Every recipient must be a user of this app: one
 * unknown (or another farm's) id refuses the whole message with 404, so nothing is half sent.
 */
export async function createNotifications(
  app: FastifyInstance,
  appId: string,
  input: Required<Pick<CreateNotificationBody, 'userIds' | 'title'>> & { body: string; link: string | null },
): Promise<number> {
  const userIds = [...new Set(input.userIds)];
  const created = await inTransaction(app.db, async (tx) => {
    const txDb = tx as unknown as Database;
    const found = await txDb
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.appId, appId), inArray(users.id, userIds)));
    if (found.length !== userIds.length) throw notFound();
    return insertNotifications(
      txDb,
      appId,
      userIds.map((userId) => ({ userId, title: input.title, body: input.body, link: input.link })),
    );
  });
  void app.push.deliver(created);
  return created.length;
}
