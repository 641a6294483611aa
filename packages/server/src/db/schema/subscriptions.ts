import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { appIdColumn, farmReference } from './apps.js';
import { createdAt } from './columns.js';
import { users } from './users.js';

/**
 * A subscription of one harvest year (decision 074): what a household pays, per adult and per child, in
 * integer euro cents, and how many credits it requires.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Named by the calendar year it starts in. */
    harvestYear: integer('harvest_year').notNull(),
    adultPriceCents: integer('adult_price_cents').notNull().default(0),
    childPriceCents: integer('child_price_cents').notNull().default(0),
    requiredCredits: integer('required_credits').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    isOpenForRegistration: boolean('is_open_for_registration').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('subscriptions_prices_not_negative', sql`${t.adultPriceCents} >= 0 and ${t.childPriceCents} >= 0`),
    check('subscriptions_credits_not_negative', sql`${t.requiredCredits} >= 0`),
    unique('subscriptions_app_id_id').on(t.appId, t.id),
    // One name per harvest year (case-insensitive); also the lists by year and name.
    uniqueIndex('subscriptions_app_year_name').on(t.appId, t.harvestYear, sql`lower(${t.name})`),
  ],
);

/** A household's (account holder's) subscription. */
export const userSubscriptions = pgTable(
  'user_subscriptions',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    userId: integer('user_id').notNull(),
    subscriptionId: integer('subscription_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_subscriptions_subscription_user').on(t.appId, t.subscriptionId, t.userId),
    index('user_subscriptions_app_user').on(t.appId, t.userId),
    farmReference('user_subscriptions_user_fk', t.appId, t.userId, users).onDelete('cascade'),
    // A subscription members have is never deleted from under them (SUBSCRIPTION_IN_USE).
    farmReference('user_subscriptions_subscription_fk', t.appId, t.subscriptionId, subscriptions),
  ],
);
