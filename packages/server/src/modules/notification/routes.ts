import type { FastifyInstance } from 'fastify';
import type { api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';
import { tenantOf, userOf } from '../../plugins/request-context.js';
import { vapidKeysOf } from './push-keys.js';
import { subscribePush, unsubscribePush } from './push-subscriptions.js';
import {
  createNotifications,
  deleteNotification,
  getNotification,
  listNotifications,
  setAllNotificationsRead,
  setNotificationRead,
  unreadCount,
} from './service.js';

export function notificationHandlers(app: FastifyInstance): FeatureHandlers<typeof api.notification> {
  return {
    list: async (request) =>
      listNotifications(app, tenantOf(request).appId, userOf(request).id, request.query),
    unreadCount: async (request) => ({
      count: await unreadCount(app, tenantOf(request).appId, userOf(request).id),
    }),
    get: async (request) =>
      getNotification(app, tenantOf(request).appId, userOf(request).id, request.params.id),
    create: async (request) => ({
      count: await createNotifications(app, tenantOf(request).appId, request.body),
    }),
    setRead: async (request) =>
      setNotificationRead(
        app,
        tenantOf(request).appId,
        userOf(request).id,
        request.params.id,
        request.params.isRead,
      ),
    setAllRead: async (request) => ({
      count: await setAllNotificationsRead(app, tenantOf(request).appId, userOf(request).id),
    }),
    remove: async (request, reply) => {
      await deleteNotification(app, tenantOf(request).appId, userOf(request).id, request.params.id);
      return reply.code(204).send(null);
    },
    pushPublicKey: async (request) => ({
      publicKey: (await vapidKeysOf(app.db, tenantOf(request).appId)).publicKey,
    }),
    pushSubscribe: async (request, reply) => {
      await subscribePush(app, tenantOf(request).appId, userOf(request).id, request.body);
      return reply.code(204).send(null);
    },
    pushUnsubscribe: async (request, reply) => {
      await unsubscribePush(app, tenantOf(request).appId, userOf(request).id, request.body.endpoint);
      return reply.code(204).send(null);
    },
  };
}
