import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { appIdColumn, farmReference } from './apps.js';
import { createdAt } from './columns.js';
import { users } from './users.js';

/** A message in one member's inbox; `link` is a path inside the app (`/tasks/12`). */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    userId: integer('user_id').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    farmReference('notifications_user_fk', t.appId, t.userId, users).onDelete('cascade'),
    index('notifications_user_created_id').on(t.appId, t.userId, t.createdAt, t.id),
  ],
);

/** A browser's web-push subscription of one member; removed when the push service says it is gone. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    userId: integer('user_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint').on(t.appId, t.endpoint),
    farmReference('push_subscriptions_user_fk', t.appId, t.userId, users).onDelete('cascade'),
    index('push_subscriptions_user').on(t.appId, t.userId),
  ],
);

/** Each app's own VAPID key pair, made on first use. */
export const appPushKeys = pgTable('app_push_keys', {
  appId: appIdColumn().primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: createdAt(),
});
