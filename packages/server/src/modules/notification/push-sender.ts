import type { FastifyInstance } from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushPayload } from '@pluk/contract';
import type { Database, Transaction } from '../../db/client.js';
import { tenantDb } from '../../db/tenant.js';
import { enqueue, type JobInput } from '../../jobs/queue.js';
import { notifications, pushSubscriptions } from '../../db/schema/index.js';
import { PermanentJobError, type JobHandler } from '../../jobs/worker.js';
import { settingValue } from '../../lib/app-settings.js';
import { publicUrlOf } from '../../lib/public-url.js';
import { sendToPushService } from './push-address.js';
import { vapidKeysOf, type VapidKeys } from './push-keys.js';

/** A notification row as `insertNotifications` wrote it (notify.ts names it CreatedNotification). */
type CreatedNotification = typeof notifications.$inferSelect;

/** How long a push service keeps a message for an offline browser. */
export const pushTtlSeconds = 24 * 3600;
/** One push request never waits longer than this. */
export const pushRequestTimeoutMs = 10_000;

type Subscription = typeof pushSubscriptions.$inferSelect;

/** The VAPID `sub` claim: the farm's contact address, its https address, or the server's sender. */
async function vapidSubjectOf(app: FastifyInstance, appId: string): Promise<string> {
  const contact = (await settingValue(app.db, appId, 'contactEmail'))?.trim();
  if (contact && /^[^\s@<>]+@[^\s@<>]+$/.test(contact)) return `mailto:${contact}`;
  const publicUrl = await publicUrlOf(app, appId);
  if (publicUrl.startsWith('https://')) return publicUrl;
  const from = /<([^<>\s]+@[^<>\s]+)>/.exec(app.config.defaultFrom)?.[1] ?? app.config.defaultFrom;
  return /^[^\s@<>]+@[^\s@<>]+$/.test(from) ? `mailto:${from}` : 'mailto:no-reply@localhost';
}

/** Push messages for one browser go out as jobs of this kind (ADR 048). */
export const pushJobKind = 'push';

interface PushJobPayload {
  notificationId: number;
  subscriptionId: number;
}

/**
 * Queues one push job per notification and subscribed browser of the member it is for, inside the
 * transaction that writes the notifications; a browser subscribed later does not get older ones.
 */
export async function enqueuePushJobs(
  tx: Database | Transaction,
  created: readonly CreatedNotification[],
): Promise<void> {
  if (created.length === 0) return;
  const appId = created[0]!.appId;
  const userIds = [...new Set(created.map((n) => n.userId))];
  const subscriptions = await tenantDb(tx, appId)
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, userIds));
  const items: JobInput[] = [];
  for (const notification of created) {
    for (const subscription of subscriptions) {
      // Only the member the notification is for: never another member's browser.
      if (subscription.userId !== notification.userId) continue;
      items.push({
        appId,
        kind: pushJobKind,
        idempotencyKey: `push:${notification.id}:${subscription.id}`,
        payload: { notificationId: notification.id, subscriptionId: subscription.id },
        maxAttempts: 4,
      });
    }
  }
  await enqueue(tx, items);
}

/**
 * Sends notifications as web push, one job per browser: only to the subscribed browsers of exactly the
 * member a notification is for, signed with the app's own VAPID keys. web-push encrypts the payload and
 * signs the request; the request itself goes out through `sendToPushService` (a bounded timeout, no
 * redirects, and only to public addresses). A push service answering 404 or 410 means the browser
 * dropped the subscription: it is removed. A push service that is down or busy (no answer, 429, 5xx) is
 * tried again with backoff; any other refusal is final. Nothing of this reaches the member's request.
 */
export class PushSender {
  constructor(private readonly app: FastifyInstance) {}

  /**
   * Call after the transaction that made the notifications has committed: their push jobs were queued
   * in it (`insertNotifications`), so this only tells the worker to look now rather than at its next
   * poll. Never rejects, never delays the member's answer.
   */
  deliver(created: readonly CreatedNotification[]): Promise<void> {
    if (created.length > 0) this.app.jobs.wake();
    return Promise.resolve();
  }

  /** The job handler of `push` jobs. */
  handler(): JobHandler {
    return {
      run: async (job) => {
        const { notificationId, subscriptionId } = job.payload as unknown as PushJobPayload;
        const appId = job.appId ?? '';
        const farm = tenantDb(this.app.db, appId);
        const [item] = await farm.select().from(notifications).where(eq(notifications.id, notificationId));
        const [subscription] = await farm
          .select()
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.id, subscriptionId));
        // Gone since (deleted notification, unsubscribed browser): nothing to send.
        if (!item || !subscription || subscription.userId !== item.userId) return { outcome: 'gone' };
        const payload: PushPayload = {
          title: item.title,
          body: item.body,
          link: item.link,
          notificationId: item.id,
        };
        const keys = await vapidKeysOf(this.app.db, appId);
        const subject = await vapidSubjectOf(this.app, appId);
        return { outcome: await this.sendOne(subscription, payload, keys, subject) };
      },
    };
  }

  private async sendOne(
    subscription: Subscription,
    payload: PushPayload,
    keys: VapidKeys,
    subject: string,
  ): Promise<string> {
    const details = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: pushTtlSeconds,
      },
    );
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(details.headers)) {
      headers[name] = String(value);
    }
    // Not `fetch`: the request goes through a DNS lookup that refuses private addresses (decision
    // 044), so a stored endpoint can never make the server POST into its own network.
    const status = await sendToPushService(
      details.endpoint,
      { method: details.method, headers, body: details.body ?? null },
      { allowLoopback: this.app.config.allowLoopbackPushEndpoints, timeoutMs: pushRequestTimeoutMs },
    );
    if (status === 404 || status === 410) {
      await tenantDb(this.app.db, subscription.appId)
        .delete(pushSubscriptions)
        .where(eq(pushSubscriptions.id, subscription.id));
      this.app.log.info({ subscriptionId: subscription.id }, 'push subscription gone, removed');
      return 'gone';
    }
    if (status >= 200 && status < 300) {
      await tenantDb(this.app.db, subscription.appId)
        .update(pushSubscriptions)
        .set({ lastSuccessAt: sql`now()` })
        .where(eq(pushSubscriptions.id, subscription.id));
      return 'sent';
    }
    if (status === 429 || status >= 500) throw new Error(`push service answered ${status}`);
    throw new PermanentJobError(`push service refused the message (${status})`);
  }
}
