import { notificationRoutes, type PushSubscriptionBody } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export function getPushPublicKey(): Promise<{ publicKey: string }> {
  return apiRequest(notificationRoutes.pushPublicKey);
}

export function subscribePush(subscription: PushSubscriptionBody): Promise<null> {
  return apiRequest(notificationRoutes.pushSubscribe, { body: subscription });
}

export function unsubscribePush(endpoint: string): Promise<null> {
  return apiRequest(notificationRoutes.pushUnsubscribe, { body: { endpoint } });
}
