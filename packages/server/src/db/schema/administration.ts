import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { appIdColumn, farmReference } from './apps.js';
import { createdAt } from './columns.js';
import { users } from './users.js';

/**
 * A setting's value for one user only (`ManageUserOverride`, decision 081): where a key has an override for
 * the signed-in user, that value wins over the farm's own.
 */
export const userSettingOverrides = pgTable(
  'user_setting_overrides',
  {
    appId: appIdColumn(),
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.userId, t.key] }),
    farmReference('user_setting_overrides_user_fk', t.appId, t.userId, users).onDelete('cascade'),
    index('user_setting_overrides_app_key').on(t.appId, t.key),
  ],
);

/**
 * A farm's own wording of one bundled text (`/applicationManager/translations`): namespace and key as
 * in the web's locale files; it wins over the bundled text of the farm's locale variant.
 */
export const translationOverrides = pgTable(
  'translation_overrides',
  {
    appId: appIdColumn(),
    namespace: text('namespace').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedByUserId: integer('updated_by_user_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.namespace, t.key] }),
    farmReference('translation_overrides_updated_by_fk', t.appId, t.updatedByUserId, users).onDelete(
      'set null',
    ),
    index('translation_overrides_app_updated_by').on(t.appId, t.updatedByUserId),
  ],
);

/**
 * One e-mail a manager wrote to members (`/applicationManager/communication`): the message, who it was
 * for, and how many it went to. Each recipient's mail is a job; its `email_log` row points back here.
 */
export const mailings = pgTable(
  'mailings',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    subject: text('subject').notNull(),
    /** Sanitized HTML, as a post's body (`lib/rich-text.ts`). */
    body: text('body').notNull(),
    /** Who it was for: `{ kind: 'all' | 'subscription' | 'role' | 'users', … }`, as the contract says. */
    audience: jsonb('audience').$type<Record<string, unknown>>().notNull(),
    recipientCount: integer('recipient_count').notNull().default(0),
    createdByUserId: integer('created_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('mailings_app_id_id').on(t.appId, t.id),
    index('mailings_app_created_id').on(t.appId, t.createdAt, t.id),
    farmReference('mailings_created_by_fk', t.appId, t.createdByUserId, users).onDelete('set null'),
    index('mailings_app_created_by').on(t.appId, t.createdByUserId),
  ],
);
