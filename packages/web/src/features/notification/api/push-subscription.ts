import { api, type PushSubscriptionBody } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export function getPushPublicKey(): Promise<{ publicKey: string }> {
  return apiRequest(api.notification.pushPublicKey);
}

export function subscribePush(subscription: PushSubscriptionBody): Promise<null> {
  return apiRequest(api.notification.pushSubscribe, { body: subscription });
}

export function unsubscribePush(endpoint: string): Promise<null> {
  return apiRequest(api.notification.pushUnsubscribe, { body: { endpoint } });
}
