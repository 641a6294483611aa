import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { appIdColumn, farmReference } from './apps.js';
import { createdAt } from './columns.js';
import { users } from './users.js';

/**
 * Refresh tokens, stored as SHA-256 hashes. Every rotation adds a row to the same family; a used
 * token presented again means it leaked, so the whole family is revoked.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    userId: integer('user_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: text('family_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    farmReference('refresh_tokens_user_fk', t.appId, t.userId, users).onDelete('cascade'),
    index('refresh_tokens_family').on(t.familyId),
    index('refresh_tokens_user').on(t.appId, t.userId),
    // The pruning job deletes by expiry, farm by farm (ADR 048).
    index('refresh_tokens_expires').on(t.appId, t.expiresAt),
  ],
);

/** Password reset links: hashed, single use, valid one hour. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    userId: integer('user_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    farmReference('password_reset_tokens_user_fk', t.appId, t.userId, users).onDelete('cascade'),
    index('password_reset_tokens_user').on(t.appId, t.userId),
  ],
);

/**
 * A changed e-mail address waiting for its owner's confirmation (ADR 087): one per account (a new request
 * replaces it), the link's token as a SHA-256 hash, valid 48 hours. `users.email` keeps the confirmed
 * address until the link is used; password-reset links only ever go there.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    appId: appIdColumn(),
    userId: integer('user_id').notNull(),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    requestedByUserId: integer('requested_by_user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.userId] }),
    farmReference('email_changes_user_fk', t.appId, t.userId, users).onDelete('cascade'),
    farmReference('email_changes_requested_by_fk', t.appId, t.requestedByUserId, users).onDelete('cascade'),
    index('email_changes_requested_by').on(t.appId, t.requestedByUserId),
  ],
);

/** Server-wide secrets generated once (the JWT signing secret when JWT_SECRET is unset). */
export const serverSecrets = pgTable('server_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
