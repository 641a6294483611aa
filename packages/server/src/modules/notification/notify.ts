import type { Database, Transaction } from '../../db/client.js';
import { tenantDb } from '../../db/tenant.js';
import { notifications } from '../../db/schema/index.js';
import { enqueuePushJobs } from './push-sender.js';

/** A notification for one member: a title, a line of text and a path inside the app to open. */
export interface NotificationInput {
  userId: number;
  title: string;
  body: string;
  /** Path inside the web app (`/tasks/12`), or null when there is nothing to open. */
  link: string | null;
}

export type CreatedNotification = typeof notifications.$inferSelect;

/**
 * Puts notifications in members' inboxes, with a web push job per subscribed browser, inside the
 * caller's transaction so they appear exactly when the change that caused them commits. After the
 * commit the caller calls `app.push.deliver(created)`, which wakes the job worker (ADR 048).
 */
export async function insertNotifications(
  tx: Database | Transaction,
  appId: string,
  items: readonly NotificationInput[],
): Promise<CreatedNotification[]> {
  if (items.length === 0) return [];
  const created = await tenantDb(tx, appId)
    .insert(notifications)
    .values(
      items.map((item) => ({
        appId,
        userId: item.userId,
        title: item.title,
        body: item.body,
        link: item.link,
      })),
    )
    .returning();
  await enqueuePushJobs(tx, created);
  return created;
}
