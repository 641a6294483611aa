import type { FastifyInstance } from 'fastify';
import { and, desc, eq, notInArray, or, sql } from 'drizzle-orm';
import type { PushSubscriptionBody } from '@pluk/contract';
import { pushSubscriptions } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { HttpError } from '../../lib/http-error.js';
import { pushEndpointProblem } from './push-address.js';

/** Browsers (push subscriptions) one member keeps per app; subscribing another drops the oldest. */
export const maxSubscriptionsPerMember = 10;

/**
 * Push services are public https hosts: an endpoint on http, on a private, loopback or link-local
 * address or on a local name is refused (decision 044, the server must not be made to POST into its
 * own network). A loopback endpoint is taken only when the server runs with
 * `allowLoopbackPushEndpoints` (tests with a local stand-in push service).
 */
export function assertPushEndpointAllowed(app: FastifyInstance, endpoint: string): void {
  const problem = pushEndpointProblem(endpoint, app.config.allowLoopbackPushEndpoints);
  if (problem !== null) {
    throw new HttpError(400, 'PUSH_ENDPOINT_NOT_ALLOWED', undefined, {
      endpoint:
        problem === 'not https' || problem === 'not a URL'
          ? 'Een push-adres moet met https:// beginnen.'
          : 'Dit push-adres wijst niet naar een publieke push-dienst.',
    });
  }
}

/**
 * Stores a browser's subscription for the caller. A browser has one endpoint: when another member
 * signs in on the same browser and subscribes, the endpoint moves to that member (never to both).
 * Moving it needs the subscription's `auth` secret, which only that browser (and this server) knows
 * (decision 044): someone who merely learned another member's endpoint URL cannot take it over and
 * so silence that member's pushes. The member who owns it may renew its keys freely.
 */
export async function subscribePush(
  app: FastifyInstance,
  appId: string,
  userId: number,
  body: PushSubscriptionBody,
): Promise<void> {
  assertPushEndpointAllowed(app, body.endpoint);
  const values = { userId, p256dh: body.keys.p256dh, auth: body.keys.auth };
  const stored = await tenantDb(app.db, appId)
    .insert(pushSubscriptions)
    .values({ appId, endpoint: body.endpoint, ...values })
    .onConflictDoUpdate({
      target: [pushSubscriptions.appId, pushSubscriptions.endpoint],
      set: { ...values, createdAt: sql`now()`, lastSuccessAt: null },
      setWhere: or(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.auth, body.keys.auth)),
    })
    .returning({ id: pushSubscriptions.id });
  if (stored.length === 0) {
    throw new HttpError(409, 'PUSH_ENDPOINT_NOT_ALLOWED', undefined, {
      endpoint: 'Dit push-adres hoort bij een ander toestel.',
    });
  }
  // A member keeps their newest few browsers only (decision 044). Without a cap one member could store
  // thousands of endpoints on some third party's https host, and every notification for them would
  // make this server send thousands of requests there.
  const farm = tenantDb(app.db, appId);
  const newest = farm
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(maxSubscriptionsPerMember);
  await farm
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
}

/** Removes the caller's own subscription for this endpoint; someone else's stays untouched. */
export async function unsubscribePush(
  app: FastifyInstance,
  appId: string,
  userId: number,
  endpoint: string,
): Promise<void> {
  await tenantDb(app.db, appId)
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.appId, appId),
        eq(pushSubscriptions.userId, userId),
        eq(pushSubscriptions.endpoint, endpoint),
      ),
    );
}
