import type { Notification } from '@pluk/contract';
import type { notifications } from '../../db/schema/index.js';

type NotificationRow = typeof notifications.$inferSelect;

/** A notification as its member sees it in the inbox. */
export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    link: row.link,
    isRead: row.isRead,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
