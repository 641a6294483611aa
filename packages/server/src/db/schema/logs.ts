import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { appIdColumn } from './apps.js';
import { createdAt } from './columns.js';
import { users } from './users.js';

/** Every e-mail the app tried to send, with its outcome. */
export const emailLog = pgTable(
  'email_log',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    template: text('template').notNull(),
    status: text('status').notNull(),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    check('email_log_status', sql`${t.status} in ('sent', 'not_sent', 'failed')`),
    index('email_log_app_created').on(t.appId, t.createdAt),
  ],
);

/** Who did what (approvals, impersonation); `impersonated_user_id` is set when an Admin acted as someone. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    impersonatedUserId: integer('impersonated_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_app_created').on(t.appId, t.createdAt),
    // The pruning job deletes by age across farms (ADR 048).
    index('audit_log_created').on(t.createdAt),
  ],
);
