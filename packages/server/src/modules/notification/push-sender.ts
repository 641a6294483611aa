import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushPayload } from '@pluk/contract';
import { pushSubscriptions } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { settingValue } from '../../lib/app-settings.js';
import { publicUrlOf } from '../auth/password-reset.js';
import type { CreatedNotification } from './notify.js';
import { sendToPushService } from './push-address.js';
import { vapidKeysOf, type VapidKeys } from './push-keys.js';

/** How long a push service keeps a message for an offline browser. */
export const pushTtlSeconds = 24 * 3600;
/** One push request never waits longer than this. */
export const pushRequestTimeoutMs = 10_000;
/** Push requests sent at the same time, at most. */
const concurrency = 8;

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

/** Runs `tasks` with at most `limit` at a time. */
async function runLimited(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++];
      if (task) await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}

/**
 * Sends notifications as web push to the subscribed browsers of exactly the member each notification
 * is for, signed with the app's own VAPID keys. web-push encrypts the payload and signs the request;
 * the request itself goes out through `sendToPushService` (a bounded timeout, no redirects, and only
 * to public addresses). A push service answering 404 or 410 means the browser dropped the
 * subscription: it is removed. Any other failure is logged and never reaches the caller.
 */
export class PushSender {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly app: FastifyInstance) {
    // Deliveries still under way finish before the database closes.
    app.addHook('onClose', async () => this.idle());
  }

  /**
   * Call after the transaction that made the notifications has committed. Callers ignore the promise
   * (`void app.push.deliver(created)`): it never rejects and never delays the member's answer.
   */
  deliver(created: readonly CreatedNotification[]): Promise<void> {
    if (created.length === 0) return Promise.resolve();
    const run = this.send(created).catch((error: unknown) => {
      this.app.log.error({ err: error }, 'web push delivery failed');
    });
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
    return run;
  }

  /** Resolves once every delivery started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private async send(created: readonly CreatedNotification[]): Promise<void> {
    const byApp = new Map<string, CreatedNotification[]>();
    for (const notification of created) {
      byApp.set(notification.appId, [...(byApp.get(notification.appId) ?? []), notification]);
    }
    for (const [appId, items] of byApp) await this.sendForApp(appId, items);
  }

  private async sendForApp(appId: string, items: CreatedNotification[]): Promise<void> {
    const userIds = [...new Set(items.map((item) => item.userId))];
    const subscriptions = await tenantDb(this.app.db, appId)
      .select()
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.appId, appId), inArray(pushSubscriptions.userId, userIds)));
    if (subscriptions.length === 0) return;
    const keys = await vapidKeysOf(this.app.db, appId);
    const subject = await vapidSubjectOf(this.app, appId);
    const tasks: (() => Promise<void>)[] = [];
    for (const item of items) {
      const payload: PushPayload = {
        title: item.title,
        body: item.body,
        link: item.link,
        notificationId: item.id,
      };
      for (const subscription of subscriptions) {
        // Only the member the notification is for: never another member's browser.
        if (subscription.userId !== item.userId) continue;
        tasks.push(() => this.sendOne(subscription, payload, keys, subject));
      }
    }
    await runLimited(tasks, concurrency);
  }

  private async sendOne(
    subscription: Subscription,
    payload: PushPayload,
    keys: VapidKeys,
    subject: string,
  ): Promise<void> {
    try {
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
      const response = { status, ok: status >= 200 && status < 300 };
      if (response.status === 404 || response.status === 410) {
        await tenantDb(this.app.db, subscription.appId)
          .delete(pushSubscriptions)
          .where(
            and(eq(pushSubscriptions.id, subscription.id), eq(pushSubscriptions.appId, subscription.appId)),
          );
        this.app.log.info({ subscriptionId: subscription.id }, 'push subscription gone, removed');
      } else if (response.ok) {
        await tenantDb(this.app.db, subscription.appId)
          .update(pushSubscriptions)
          .set({ lastSuccessAt: sql`now()` })
          .where(eq(pushSubscriptions.id, subscription.id));
      } else {
        this.app.log.warn(
          { subscriptionId: subscription.id, status: response.status },
          'push service refused a message',
        );
      }
    } catch (error) {
      this.app.log.warn({ subscriptionId: subscription.id, err: error }, 'push message not sent');
    }
  }
}
