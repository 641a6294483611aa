import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { PushSubscriptionBody } from '@pluk/contract';
import { pushSubscriptions } from '../../db/schema/index.js';
import { HttpError } from '../../lib/http-error.js';

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Push services are https. A plain-http endpoint is taken only on a loopback address and only when the
 * server runs with `allowLoopbackPushEndpoints` (tests with a local stand-in push service).
 */
export function assertPushEndpointAllowed(app: FastifyInstance, endpoint: string): void {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    url = new URL('invalid:');
  }
  const allowed =
    url.protocol === 'https:' ||
    (url.protocol === 'http:' && app.config.allowLoopbackPushEndpoints && loopbackHosts.has(url.hostname));
  if (!allowed) {
    throw new HttpError(400, 'PUSH_ENDPOINT_NOT_ALLOWED', undefined, {
      endpoint: 'Een push-adres moet met https:// beginnen.',
    });
  }
}

/**
 * Stores a browser's subscription for the caller. A browser has one endpoint: when another member
 * signs in on the same browser and subscribes, the endpoint moves to that member (never to both).
 */
export async function subscribePush(
  app: FastifyInstance,
  appId: string,
  userId: number,
  body: PushSubscriptionBody,
): Promise<void> {
  assertPushEndpointAllowed(app, body.endpoint);
  const values = { userId, p256dh: body.keys.p256dh, auth: body.keys.auth };
  await app.db
    .insert(pushSubscriptions)
    .values({ appId, endpoint: body.endpoint, ...values })
    .onConflictDoUpdate({
      target: [pushSubscriptions.appId, pushSubscriptions.endpoint],
      set: { ...values, createdAt: sql`now()`, lastSuccessAt: null },
    });
}

/** Removes the caller's own subscription for this endpoint; someone else's stays untouched. */
export async function unsubscribePush(
  app: FastifyInstance,
  appId: string,
  userId: number,
  endpoint: string,
): Promise<void> {
  await app.db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.appId, appId),
        eq(pushSubscriptions.userId, userId),
        eq(pushSubscriptions.endpoint, endpoint),
      ),
    );
}
