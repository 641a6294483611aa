import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { appIdColumn, farmReference } from './apps.js';
import { bytea, createdAt } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull().default(''),
    street: text('street').notNull().default(''),
    houseNumber: text('house_number').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    city: text('city').notNull().default(''),
    isActive: boolean('is_active').notNull().default(false),
    isApproved: boolean('is_approved').notNull().default(false),
    isTransactionable: boolean('is_transactionable').notNull().default(false),
    hasPaid: boolean('has_paid').notNull().default(false),
    customQuestionAnswer: text('custom_question_answer'),
    showContactData: boolean('show_contact_data').notNull().default(false),
    receiveEmails: boolean('receive_emails').notNull().default(true),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /**
     * Set when a manager deleted the account: its personal data is wiped and it cannot log in, but the
     * row stays so the ledgers and bank transactions it appears in keep their history (decision 080).
     */
    anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Unique per app, case-insensitively: "Jan" and "jan" are the same account.
    uniqueIndex('users_app_username').on(t.appId, sql`lower(${t.username})`),
    uniqueIndex('users_app_email').on(t.appId, sql`lower(${t.email})`),
    index('users_app_last_seen').on(t.appId, t.lastSeenAt),
    // The users list, oldest account first; the waiting list only reads the not approved.
    index('users_app_created_id').on(t.appId, t.createdAt, t.id),
    index('users_waiting_created_id')
      .on(t.appId, t.createdAt, t.id)
      // Refused registrations are anonymised (decision 092): they leave the waiting list and its index.
      .where(sql`not ${t.isApproved} and ${t.anonymizedAt} is null`),
    // The BankManager's member wallets, by name (decision 075): only the active, approved members.
    index('users_members_by_name')
      .on(t.appId, t.lastName, t.firstName, t.id)
      .where(sql`${t.isActive} and ${t.isApproved}`),
    // The manager's users list sorted by name (decision 080), every account.
    index('users_app_name_id').on(t.appId, t.lastName, t.firstName, t.id),
    // The name filter (pg_trgm, ADR 056): the expression of `userSearchText` in modules/users/service.ts,
    // within the farm: app_id inside the trigram index (btree_gin, ADR 099), so a search that matches
    // many members of every farm reads only the asking farm's entries.
    index('users_app_search_trgm').using(
      'gin',
      t.appId,
      sql`(${t.username} || ' ' || ${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email}) gin_trgm_ops`,
    ),
    unique('users_app_id_id').on(t.appId, t.id),
  ],
);

/** Kept apart from `users` so loading a user for every request never drags the image along. */
export const userAvatars = pgTable(
  'user_avatars',
  {
    userId: integer('user_id').primaryKey(),
    appId: appIdColumn(),
    data: bytea('data').notNull(),
    mime: text('mime').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    farmReference('user_avatars_user_fk', t.appId, t.userId, users).onDelete('cascade'),
    index('user_avatars_app_user').on(t.appId, t.userId),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    appId: appIdColumn(),
    userId: integer('user_id').notNull(),
    role: text('role').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    farmReference('user_roles_user_fk', t.appId, t.userId, users).onDelete('cascade'),
    index('user_roles_app_user').on(t.appId, t.userId),
  ],
);

/** The membership: one household per account holder. */
export const households = pgTable(
  'households',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    holderUserId: integer('holder_user_id').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('households_app_id_id').on(t.appId, t.id),
    farmReference('households_holder_fk', t.appId, t.holderUserId, users).onDelete('cascade'),
    index('households_app_holder').on(t.appId, t.holderUserId),
  ],
);

/** The people of a household; the holder is the first member (`is_holder`). */
export const householdMembers = pgTable(
  'household_members',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    householdId: integer('household_id').notNull(),
    name: text('name').notNull(),
    yearOfBirth: integer('year_of_birth'),
    isAdult: boolean('is_adult').notNull(),
    isHolder: boolean('is_holder').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    farmReference('household_members_household_fk', t.appId, t.householdId, households).onDelete('cascade'),
    index('household_members_household').on(t.appId, t.householdId),
  ],
);
