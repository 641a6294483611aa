import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { appIdColumn, farmReference } from './apps.js';
import { createdAt } from './columns.js';
import { mailings } from './administration.js';
import { users } from './users.js';

/** Every e-mail the app tried to send, with its outcome. */
export const emailLog = pgTable(
  'email_log',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    userId: integer('user_id'),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    template: text('template').notNull(),
    status: text('status').notNull(),
    error: text('error'),
    /** The manager's mailing this e-mail belongs to (communication, decision 082), if any. */
    mailingId: integer('mailing_id'),
    createdAt: createdAt(),
  },
  (t) => [
    check('email_log_status', sql`${t.status} in ('sent', 'not_sent', 'failed')`),
    index('email_log_app_created').on(t.appId, t.createdAt),
    index('email_log_app_user').on(t.appId, t.userId),
    // Failed and not sent e-mails of late: the to-do list and Management/sendEmails (decision 092).
    index('email_log_app_unsent')
      .on(t.appId, t.createdAt)
      .where(sql`${t.status} in ('failed', 'not_sent')`),
    farmReference('email_log_user_fk', t.appId, t.userId, users).onDelete('set null'),
    farmReference('email_log_mailing_fk', t.appId, t.mailingId, mailings).onDelete('set null'),
    index('email_log_app_mailing_id').on(t.appId, t.mailingId, t.id),
  ],
);

/** Who did what (approvals, impersonation); `impersonated_user_id` is set when an Admin acted as someone. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    actorUserId: integer('actor_user_id'),
    impersonatedUserId: integer('impersonated_user_id'),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_app_created').on(t.appId, t.createdAt),
    index('audit_log_app_actor').on(t.appId, t.actorUserId),
    index('audit_log_app_impersonated').on(t.appId, t.impersonatedUserId),
    farmReference('audit_log_actor_fk', t.appId, t.actorUserId, users).onDelete('set null'),
    farmReference('audit_log_impersonated_fk', t.appId, t.impersonatedUserId, users).onDelete('set null'),
  ],
);
