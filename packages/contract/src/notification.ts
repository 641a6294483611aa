import { z } from 'zod';
import {
  feedPageQuery,
  feedPageSchema,
  urlBooleanSchema,
  idSchema,
  isoDateTimeSchema,
  idField,
} from './common.js';
import { defineRoute } from './define-route.js';

/** A message in one member's inbox; `link` is a path inside the app (`/tasks/12`) or null. */
export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: isoDateTimeSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

/** Inbox paging: `page` is 0-based (docs/product/api-and-routes.md, "Paging"), 20 per page by default. */
export const notificationListQuerySchema = z.object(feedPageQuery({ defaultSize: 20, maxSize: 100 }));
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationPageSchema = feedPageSchema(notificationSchema);
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ count: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** A path inside the app: starts with one `/` (never `//host` or `javascript:`). */
export const inAppLinkSchema = z
  .string()
  .trim()
  .max(500, 'Een link heeft hoogstens 500 tekens.')
  .regex(/^\/(?![/\\])[^\s]*$/, 'Een link is een pad in de app, zoals /tasks/12.');

export const createNotificationBodySchema = z.object({
  userIds: z
    .array(idField('userIds'))
    .min(1, 'Kies minstens één ontvanger.')
    .max(1000, 'Hoogstens 1000 ontvangers tegelijk.'),
  title: z.string().trim().min(1, 'Vul een titel in.').max(200, 'Een titel heeft hoogstens 200 tekens.'),
  body: z.string().trim().max(2000, 'Een bericht heeft hoogstens 2000 tekens.').default(''),
  link: inAppLinkSchema.nullable().default(null),
});
export type CreateNotificationBody = z.input<typeof createNotificationBodySchema>;

export const createNotificationResponseSchema = z.object({ count: z.number().int().min(0) });

export const setReadParamsSchema = z.object({
  id: idSchema,
  isRead: urlBooleanSchema,
});

/**
 * The browser's `PushSubscription.toJSON()`. The server accepts only https endpoints (push services
 * are https); a test-only server setting also allows loopback http stand-ins.
 */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z
    .string()
    .trim()
    .max(1000, 'Een push-adres heeft hoogstens 1000 tekens.')
    .url('Geen geldig push-adres.'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z
      .string()
      .trim()
      .min(1, 'De sleutel ontbreekt.')
      .max(200)
      .regex(/^[A-Za-z0-9_-]+=*$/, 'Geen geldige sleutel.'),
    auth: z
      .string()
      .trim()
      .min(1, 'De sleutel ontbreekt.')
      .max(100)
      .regex(/^[A-Za-z0-9_-]+=*$/, 'Geen geldige sleutel.'),
  }),
});
export type PushSubscriptionBody = z.input<typeof pushSubscriptionBodySchema>;

export const pushUnsubscribeBodySchema = z.object({
  endpoint: z.string().trim().min(1).max(1000, 'Een push-adres heeft hoogstens 1000 tekens.'),
});

export const pushPublicKeySchema = z.object({ publicKey: z.string() });

/** What the service worker receives in a push message (JSON, encrypted by the push service). */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  notificationId: z.number().int(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

export const notificationRoutes = {
  list: defineRoute({
    feature: 'notification',
    method: 'GET',
    path: 'notification',
    permission: 'member',
    summary: 'My notifications, newest first, paged (page 0-based, pageSize 20 by default).',
    query: notificationListQuerySchema,
    response: { 200: notificationPageSchema },
  }),
  unreadCount: defineRoute({
    feature: 'notification',
    method: 'GET',
    path: 'notification/unreadCount',
    permission: 'member',
    summary: 'How many of my notifications are unread (the header badge).',
    response: { 200: unreadCountSchema },
  }),
  get: defineRoute({
    feature: 'notification',
    method: 'GET',
    path: 'notification/:id',
    permission: 'member',
    summary: "One of my notifications (another member's answers 404).",
    params: z.object({ id: idSchema }),
    response: { 200: notificationSchema },
  }),
  create: defineRoute({
    feature: 'notification',
    method: 'POST',
    path: 'notification/create',
    permission: { role: 'ApplicationManager' },
    summary: 'Sends a notification (and web push) to the given members of this app.',
    body: createNotificationBodySchema,
    response: { 200: createNotificationResponseSchema },
  }),
  setRead: defineRoute({
    feature: 'notification',
    method: 'POST',
    path: 'notification/setread/:id/:isRead',
    permission: 'member',
    summary: 'Marks one of my notifications read (`true`) or unread (`false`).',
    params: setReadParamsSchema,
    response: { 200: notificationSchema },
  }),
  setAllRead: defineRoute({
    feature: 'notification',
    method: 'POST',
    path: 'notification/setread/true',
    permission: 'member',
    summary: 'Marks all my notifications read; answers how many changed.',
    response: { 200: createNotificationResponseSchema },
  }),
  remove: defineRoute({
    feature: 'notification',
    method: 'DELETE',
    path: 'notification/:id',
    permission: 'member',
    summary: 'Deletes one of my notifications.',
    params: z.object({ id: idSchema }),
    response: { 204: z.null() },
  }),
  pushPublicKey: defineRoute({
    feature: 'notification',
    method: 'GET',
    path: 'pushsubscription/publicKey',
    permission: 'member',
    summary: "The app's VAPID public key (applicationServerKey for pushManager.subscribe).",
    response: { 200: pushPublicKeySchema },
  }),
  pushSubscribe: defineRoute({
    feature: 'notification',
    method: 'POST',
    path: 'pushsubscription/subscribe',
    permission: 'member',
    summary: "Stores this browser's push subscription for me (one per endpoint).",
    body: pushSubscriptionBodySchema,
    response: { 204: z.null() },
  }),
  pushUnsubscribe: defineRoute({
    feature: 'notification',
    method: 'POST',
    path: 'pushsubscription/unsubscribe',
    permission: 'member',
    summary: "Removes this browser's push subscription (mine only).",
    body: pushUnsubscribeBodySchema,
    response: { 204: z.null() },
  }),
} as const;
