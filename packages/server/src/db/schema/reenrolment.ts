import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
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
import { createdAt } from './columns.js';
import { subscriptions } from './subscriptions.js';
import { users } from './users.js';

/**
 * A yearly re-enrolment round (decision 079): one per farm and harvest year. `converted_at` is set by the
 * conversion into next year's subscriptions and transactions; from then on the policy does not change.
 */
export const intentionPolicies = pgTable(
  'intention_policies',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    harvestYear: integer('harvest_year').notNull(),
    title: text('title').notNull(),
    /** Sanitized HTML (the formatting a post keeps). */
    explanation: text('explanation').notNull().default(''),
    /** The last day members can answer, in the farm's calendar. */
    deadline: date('deadline', { mode: 'string' }).notNull(),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('intention_policies_app_id_id').on(t.appId, t.id),
    // One round per harvest year; also the list's order (newest year first).
    uniqueIndex('intention_policies_app_year').on(t.appId, t.harvestYear),
  ],
);

/** A subscription on offer in a policy, with its next-year prices in integer cents. */
export const intentionPolicyOffers = pgTable(
  'intention_policy_offers',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    policyId: integer('policy_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    adultPriceCents: integer('adult_price_cents').notNull().default(0),
    childPriceCents: integer('child_price_cents').notNull().default(0),
    requiredCredits: integer('required_credits').notNull().default(0),
    /** Next year's subscription the conversion made (or found by name) for this offer. */
    subscriptionId: integer('subscription_id'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    check(
      'intention_policy_offers_prices_not_negative',
      sql`${t.adultPriceCents} >= 0 and ${t.childPriceCents} >= 0 and ${t.requiredCredits} >= 0`,
    ),
    unique('intention_policy_offers_app_id_id').on(t.appId, t.id),
    // An answer line names (app, policy, offer): the offer must be of the answer's policy.
    unique('intention_policy_offers_app_policy_id').on(t.appId, t.policyId, t.id),
    uniqueIndex('intention_policy_offers_policy_name').on(t.appId, t.policyId, sql`lower(${t.name})`),
    farmReference('intention_policy_offers_policy_fk', t.appId, t.policyId, intentionPolicies).onDelete(
      'cascade',
    ),
    farmReference('intention_policy_offers_subscription_fk', t.appId, t.subscriptionId, subscriptions),
    index('intention_policy_offers_app_subscription').on(t.appId, t.subscriptionId),
  ],
);

/**
 * One member's questionnaire for one policy (unique: running createQuestionsForNextYear twice gives nobody
 * two). `status` open until the member submits; `choice` continue or stop; `converted_at` once the
 * conversion made their subscriptions and transactions.
 */
export const intentionQuestionnaires = pgTable(
  'intention_questionnaires',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    policyId: integer('policy_id').notNull(),
    userId: integer('user_id').notNull(),
    status: text('status').notNull().default('open'),
    choice: text('choice'),
    remark: text('remark').notNull().default(''),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('intention_questionnaires_status', sql`${t.status} in ('open', 'submitted')`),
    check(
      'intention_questionnaires_choice',
      sql`(${t.status} = 'open' and ${t.choice} is null) or (${t.status} = 'submitted' and ${t.choice} in ('continue', 'stop'))`,
    ),
    unique('intention_questionnaires_app_id_id').on(t.appId, t.id),
    unique('intention_questionnaires_app_policy_id').on(t.appId, t.policyId, t.id),
    uniqueIndex('intention_questionnaires_policy_user').on(t.appId, t.policyId, t.userId),
    index('intention_questionnaires_app_user').on(t.appId, t.userId),
    index('intention_questionnaires_policy_status').on(t.appId, t.policyId, t.status),
    farmReference('intention_questionnaires_policy_fk', t.appId, t.policyId, intentionPolicies).onDelete(
      'cascade',
    ),
    farmReference('intention_questionnaires_user_fk', t.appId, t.userId, users).onDelete('cascade'),
  ],
);

/** The offers a member chose on their questionnaire; the offer must belong to the questionnaire's policy. */
export const intentionAnswerOffers = pgTable(
  'intention_answer_offers',
  {
    appId: appIdColumn(),
    policyId: integer('policy_id').notNull(),
    questionnaireId: integer('questionnaire_id').notNull(),
    offerId: integer('offer_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.policyId, t.questionnaireId, t.offerId] }),
    index('intention_answer_offers_offer').on(t.appId, t.policyId, t.offerId),
    // Three columns each: a chosen offer is always one of the questionnaire's own policy.
    foreignKey({
      name: 'intention_answer_offers_questionnaire_fk',
      columns: [t.appId, t.policyId, t.questionnaireId],
      foreignColumns: [
        intentionQuestionnaires.appId,
        intentionQuestionnaires.policyId,
        intentionQuestionnaires.id,
      ],
    }).onDelete('cascade'),
    foreignKey({
      name: 'intention_answer_offers_offer_fk',
      columns: [t.appId, t.policyId, t.offerId],
      foreignColumns: [intentionPolicyOffers.appId, intentionPolicyOffers.policyId, intentionPolicyOffers.id],
    }),
  ],
);
