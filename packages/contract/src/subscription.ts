import { z } from 'zod';
import { idField, idParam, idParamsSchema, isoDateTimeSchema, plannedYears } from './common.js';
import { defineRoute } from './define-route.js';
import { householdMemberSchema } from './user.js';

/**
 * Subscriptions (docs/product/membership.md, "Subscriptions"): what a household pays for one harvest year.
 * Euros are integer cents everywhere; the price of a household is adults × adult price + children × child
 * price (decision 074).
 */
export const subscriptionLimits = {
  nameMax: 100,
  descriptionMax: 5000,
  /** € 10 000 per person: a typo beyond that, not a price. */
  priceMaxCents: 1_000_000,
  requiredCreditsMax: 1000,
  /** At most this many subscriptions chosen in one call. */
  chooseMax: 20,
} as const;

/** The price a household pays: adults × adult price + children × child price, in cents. */
export function householdPriceCents(
  prices: { adultPriceCents: number; childPriceCents: number },
  household: { adults: number; children: number },
): number {
  return household.adults * prices.adultPriceCents + household.children * prices.childPriceCents;
}

const euroCents = (what: string) => {
  const label = `${what[0]?.toUpperCase()}${what.slice(1)}`;
  return z
    .number({ error: `Vul ${what} in.` })
    .int(`${label} is een bedrag in centen: een geheel getal.`)
    .min(0, `${label} kan niet negatief zijn.`)
    .max(
      subscriptionLimits.priceMaxCents,
      `${label} is hoogstens € ${subscriptionLimits.priceMaxCents / 100} per persoon.`,
    );
};

export const harvestYearField = z
  .number({ error: 'Vul een oogstjaar in.' })
  .int('Het oogstjaar is een jaartal.')
  .min(plannedYears.min, `Kies een oogstjaar tussen ${plannedYears.min} en ${plannedYears.max}.`)
  .max(plannedYears.max, `Kies een oogstjaar tussen ${plannedYears.min} en ${plannedYears.max}.`);

/** A harvest year in a query string (`?harvestYear=2026`). */
export const harvestYearQueryField = z.coerce
  .number({ error: 'Geef een oogstjaar op.' })
  .int('Het oogstjaar is een jaartal.')
  .min(plannedYears.min, `Kies een oogstjaar tussen ${plannedYears.min} en ${plannedYears.max}.`)
  .max(plannedYears.max, `Kies een oogstjaar tussen ${plannedYears.min} en ${plannedYears.max}.`);

/** A subscription's fields as a manager types them; a re-enrolment offer (reenrolment.ts) has the same. */
export const subscriptionInputShape = {
  name: z
    .string({ error: 'Vul een naam in.' })
    .trim()
    .min(1, 'Vul een naam in.')
    .max(subscriptionLimits.nameMax, `De naam is hoogstens ${subscriptionLimits.nameMax} tekens lang.`),
  description: z
    .string()
    .trim()
    .max(
      subscriptionLimits.descriptionMax,
      `De beschrijving is hoogstens ${subscriptionLimits.descriptionMax} tekens lang.`,
    )
    .default(''),
  harvestYear: harvestYearField,
  adultPriceCents: euroCents('de prijs per volwassene'),
  childPriceCents: euroCents('de prijs per kind'),
  requiredCredits: z
    .number({ error: 'Vul het aantal vereiste werkpunten in.' })
    .int('Het aantal werkpunten is een geheel getal.')
    .min(0, 'Het aantal werkpunten kan niet negatief zijn.')
    .max(
      subscriptionLimits.requiredCreditsMax,
      `Het aantal werkpunten is hoogstens ${subscriptionLimits.requiredCreditsMax}.`,
    ),
  isActive: z.boolean({ error: 'Kies of het abonnement actief is.' }).default(true),
  isOpenForRegistration: z.boolean({ error: 'Kies of inschrijven open is.' }).default(false),
};

/** A new subscription (`applicationManager/subscription/Create`). */
export const subscriptionInputSchema = z.object(subscriptionInputShape);
export type SubscriptionInput = z.input<typeof subscriptionInputSchema>;

/** A changed subscription (`applicationManager/subscription/Update`). */
export const subscriptionUpdateSchema = z.object({ id: idField('id'), ...subscriptionInputShape });
export type SubscriptionUpdate = z.input<typeof subscriptionUpdateSchema>;

const subscriptionCoreShape = {
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Named by the calendar year it starts in (docs/product/membership.md, "Harvest year"). */
  harvestYear: z.number().int(),
  adultPriceCents: z.number().int(),
  childPriceCents: z.number().int(),
  requiredCredits: z.number().int(),
  isActive: z.boolean(),
  isOpenForRegistration: z.boolean(),
};

/** A subscription as the ApplicationManager sees it. */
export const managedSubscriptionSchema = z.object({
  ...subscriptionCoreShape,
  /** Households (account holders) that have it. */
  memberCount: z.number().int().min(0),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type ManagedSubscription = z.infer<typeof managedSubscriptionSchema>;

/** The manager's list: optionally one harvest year; newest year first, then by name. */
export const managedSubscriptionQuerySchema = z.object({ harvestYear: harvestYearQueryField.optional() });
export type ManagedSubscriptionQuery = z.input<typeof managedSubscriptionQuerySchema>;

/** The household counted for a price: the account holder and family members, adults and children. */
export const householdCountSchema = z.object({
  adults: z.number().int().min(0),
  children: z.number().int().min(0),
});
export type HouseholdCount = z.infer<typeof householdCountSchema>;

/** A subscription as a member sees it: with the price for my household and whether I have it. */
export const memberSubscriptionSchema = z.object({
  ...subscriptionCoreShape,
  ...householdCountSchema.shape,
  /** adults × adultPriceCents + children × childPriceCents, in cents. */
  priceCents: z.number().int().min(0),
  isMine: z.boolean(),
  /** The harvest year relative to today on the farm. */
  period: z.enum(['past', 'current', 'next', 'later']),
});
export type MemberSubscription = z.infer<typeof memberSubscriptionSchema>;

/** My membership (`GET User/Membership`): my household and my subscriptions with their price. */
export const myMembershipSchema = z.object({
  currentHarvestYear: z.number().int(),
  household: z.object({ id: z.number().int(), members: z.array(householdMemberSchema) }),
  ...householdCountSchema.shape,
  /** My subscriptions of the current and later harvest years, the current year first. */
  subscriptions: z.array(memberSubscriptionSchema),
});
export type MyMembership = z.infer<typeof myMembershipSchema>;

/** A crop a subscription includes, as its member sees it (`pickable` now or not). */
export const subscriptionCropSchema = z.object({
  cropId: z.number().int(),
  name: z.string(),
  unit: z.string(),
  isPickable: z.boolean(),
  amountPerShare: z.string(),
});
export type SubscriptionCrop = z.infer<typeof subscriptionCropSchema>;

/** One of my subscriptions in detail (`/pluk/subscription/{id}`). */
export const mySubscriptionDetailSchema = memberSubscriptionSchema.extend({
  household: z.array(householdMemberSchema),
  /** The crops with a pluk row for this subscription (active crops only), by name. */
  crops: z.array(subscriptionCropSchema),
  credits: z.object({
    /** What this subscription requires this harvest year. */
    required: z.number().int(),
    /** What I earned in its harvest year (confirmed tasks). */
    earned: z.number().int(),
  }),
});
export type MySubscriptionDetail = z.infer<typeof mySubscriptionDetailSchema>;

/** Choose my subscriptions among those open for registration (`POST User/subscriptions`). */
export const chooseSubscriptionsBodySchema = z.object({
  subscriptionIds: z
    .array(idField('subscriptionIds'), { error: 'Kies je abonnementen.' })
    .max(subscriptionLimits.chooseMax, `Kies hoogstens ${subscriptionLimits.chooseMax} abonnementen.`),
});
export type ChooseSubscriptionsBody = z.input<typeof chooseSubscriptionsBodySchema>;

/** A household that has a subscription, as the ApplicationManager sees it. */
export const subscriptionMemberSchema = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  ...householdCountSchema.shape,
  priceCents: z.number().int().min(0),
  addedAt: isoDateTimeSchema,
});
export type SubscriptionMember = z.infer<typeof subscriptionMemberSchema>;

/**
 * `info`/`infoNext` of a subscription: the subscription of the same name (case-insensitive) in the
 * current or next harvest year, and how many households and people have it. `subscriptionId` is null
 * when that year has no subscription of this name.
 */
export const subscriptionInfoSchema = z.object({
  harvestYear: z.number().int(),
  name: z.string(),
  subscriptionId: z.number().int().nullable(),
  households: z.number().int().min(0),
  ...householdCountSchema.shape,
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfoSchema>;

/** `infoPrice`/`infoPriceNext`: the same, with the money it brings in (cents). */
export const subscriptionPriceInfoSchema = subscriptionInfoSchema.extend({
  adultPriceCents: z.number().int().min(0),
  childPriceCents: z.number().int().min(0),
  adultsCents: z.number().int().min(0),
  childrenCents: z.number().int().min(0),
  totalCents: z.number().int().min(0),
});
export type SubscriptionPriceInfo = z.infer<typeof subscriptionPriceInfoSchema>;

export const addUserSubscriptionBodySchema = z.object({
  userId: idField('userId'),
  subscriptionId: idField('subscriptionId'),
});
export type AddUserSubscriptionBody = z.input<typeof addUserSubscriptionBodySchema>;

export const userSubscriptionParamsSchema = z.object({
  userId: idParam('userId'),
  subscriptionId: idParam('subscriptionId'),
});

export const subscriptionRoutes = {
  list: defineRoute({
    feature: 'subscription',
    method: 'GET',
    path: 'subscription',
    permission: 'member',
    summary:
      "The farm's active subscriptions of the current and next harvest years, with the price for my " +
      'household and whether I have each; by harvest year, then name.',
    response: { 200: z.array(memberSubscriptionSchema) },
  }),
  membership: defineRoute({
    feature: 'subscription',
    method: 'GET',
    path: 'User/Membership',
    permission: 'member',
    summary:
      'My household (holder first) and my subscriptions of the current and later years, with their price.',
    response: { 200: myMembershipSchema },
  }),
  mine: defineRoute({
    feature: 'subscription',
    method: 'GET',
    path: 'User/subscriptions',
    permission: 'member',
    summary: 'My subscriptions of the current and later harvest years, with the price for my household.',
    response: { 200: z.array(memberSubscriptionSchema) },
  }),
  choose: defineRoute({
    feature: 'subscription',
    method: 'POST',
    path: 'User/subscriptions',
    permission: 'member',
    summary:
      'Sets my choice among the subscriptions open for registration: the named ones are added, the open ones ' +
      'not named are dropped; subscriptions not open stay as they are. Naming one that is not open (or not ' +
      'active) answers 409 SUBSCRIPTION_NOT_OPEN and changes nothing. Repeating it changes nothing. ' +
      'Answers my subscriptions.',
    body: chooseSubscriptionsBodySchema,
    response: { 200: z.array(memberSubscriptionSchema) },
  }),
  myDetail: defineRoute({
    feature: 'subscription',
    method: 'GET',
    path: 'User/subscriptions/:id',
    permission: 'member',
    summary:
      'One of my subscriptions: what it includes, my household and its price, credits required and earned ' +
      'in its harvest year. 404 unless I have it.',
    params: idParamsSchema,
    response: { 200: mySubscriptionDetailSchema },
  }),
  managerList: defineRoute({
    feature: 'subscription',
    method: 'GET',
    path: 'applicationManager/subscription',
    permission: { role: 'ApplicationManager' },
    summary:
      'The subscriptions of the farm (optionally of one harvest year), the latest year first, then by name.',
    query: managedSubscriptionQuerySchema,
    response: { 200: z.array(managedSubscriptionSchema) },
  }),
  managerDetail: defineRoute({
    feature: 'subscription',
    method: 'GET',
    path: 'applicationManager/subscription/:id',
    permission: { role: 'ApplicationManager' },
    summary: 'One subscription.',
    params: idParamsSchema,
    response: { 200: managedSubscriptionSchema },
  }),
  members: defineRoute({
    feature: 'subscription',
    method: 'GET',
    path: 'applicationManager/subscription/:id/members',
    permission: { role: 'ApplicationManager' },
    summary: 'The households that have a subscription, by last and first name, with their price.',
    params: idParamsSchema,
    response: { 200: z.array(subscriptionMemberSchema) },
  }),
  create: defineRoute({
    feature: 'subscription',
    method: 'POST',
    path: 'applicationManager/subscription/Create',
    permission: { role: 'ApplicationManager' },
    summary: 'Creates a subscription; the name is unique per harvest year (409 SUBSCRIPTION_NAME_TAKEN).',
    body: subscriptionInputSchema,
    response: { 200: managedSubscriptionSchema },
  }),
  update: defineRoute({
    feature: 'subscription',
    method: 'POST',
    path: 'applicationManager/subscription/Update',
    permission: { role: 'ApplicationManager' },
    summary: 'Changes a subscription (its harvest year only while nobody has it).',
    body: subscriptionUpdateSchema,
    response: { 200: managedSubscriptionSchema },
  }),
  remove: defineRoute({
    feature: 'subscription',
    method: 'DELETE',
    path: 'applicationManager/subscription/:id',
    permission: { role: 'ApplicationManager' },
    summary: 'Deletes a subscription nobody has (409 SUBSCRIPTION_IN_USE otherwise), with its pluk rows.',
    params: idParamsSchema,
    response: { 204: z.null() },
  }),
  info: defineRoute({
    feature: 'subscription',
    method: 'GET',
    path: 'applicationManager/subscription/info/:id',
    permission: { role: 'ApplicationManager' },
    summary: "Households and people of this subscription's name in the current harvest year.",
    params: idParamsSchema,
    response: { 200: subscriptionInfoSchema },
  }),
  infoNext: defineRoute({
    feature: 'subscription',
    method: 'GET',
    path: 'applicationManager/subscription/infoNext/:id',
    permission: { role: 'ApplicationManager' },
    summary: "Households and people of this subscription's name in the next harvest year.",
    params: idParamsSchema,
    response: { 200: subscriptionInfoSchema },
  }),
  infoPrice: defineRoute({
    feature: 'subscription',
    method: 'GET',
    path: 'applicationManager/subscription/infoPrice/:id',
    permission: { role: 'ApplicationManager' },
    summary: "The money (cents) this subscription's name brings in the current harvest year.",
    params: idParamsSchema,
    response: { 200: subscriptionPriceInfoSchema },
  }),
  infoPriceNext: defineRoute({
    feature: 'subscription',
    method: 'GET',
    path: 'applicationManager/subscription/infoPriceNext/:id',
    permission: { role: 'ApplicationManager' },
    summary: "The money (cents) this subscription's name brings in the next harvest year.",
    params: idParamsSchema,
    response: { 200: subscriptionPriceInfoSchema },
  }),
  addUser: defineRoute({
    feature: 'subscription',
    method: 'POST',
    path: 'applicationManager/User/AddSubscription',
    permission: { role: 'ApplicationManager' },
    summary:
      'Gives one user a subscription (one call per user); a user who has it already is answered the same. ' +
      'Answers the household with its price.',
    body: addUserSubscriptionBodySchema,
    response: { 200: subscriptionMemberSchema },
  }),
  removeUser: defineRoute({
    feature: 'subscription',
    method: 'DELETE',
    path: 'applicationManager/User/:userId/Subscription/:subscriptionId',
    permission: { role: 'ApplicationManager' },
    summary: 'Takes a subscription from a user; 404 when the user does not have it (also on a repeat).',
    params: userSubscriptionParamsSchema,
    response: { 204: z.null() },
  }),
} as const;
