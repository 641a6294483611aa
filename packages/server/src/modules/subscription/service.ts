import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  householdPriceCents,
  type HouseholdCount,
  type ManagedSubscription,
  type MemberSubscription,
  type MyMembership,
  type MySubscriptionDetail,
  type SubscriptionInfo,
  type SubscriptionInput,
  type SubscriptionMember,
  type SubscriptionPriceInfo,
  type SubscriptionUpdate,
  subscriptionInputSchema,
  subscriptionUpdateSchema,
} from '@pluk/contract';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client.js';
import { tenantDb } from '../../db/tenant.js';
import {
  creditEntries,
  crops,
  householdMembers,
  households,
  plukAvailability,
  subscriptions,
  userSubscriptions,
  users,
} from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { AuthUser } from '../../types.js';
import { currentHarvestYear } from '../harvest-year.js';
import { loadHousehold } from '../user/household.js';

type Db = Database | Transaction;
type SubscriptionRow = typeof subscriptions.$inferSelect;

const iso = (value: Date) => value.toISOString();
const inApp = (appId: string, id: number) => and(eq(subscriptions.appId, appId), eq(subscriptions.id, id));

/** A household without members counts as its holder alone, an adult. */
export const noHousehold: HouseholdCount = { adults: 1, children: 0 };

/** Adults and children of the households of these account holders (decision 074). */
export async function householdCounts(
  db: Db,
  appId: string,
  userIds: readonly number[],
): Promise<Map<number, HouseholdCount>> {
  const counts = new Map<number, HouseholdCount>();
  if (userIds.length === 0) return counts;
  const rows = await tenantDb(db, appId)
    .select({
      userId: households.holderUserId,
      adults: sql<number>`(count(*) filter (where ${householdMembers.isAdult}))::int`,
      children: sql<number>`(count(*) filter (where not ${householdMembers.isAdult}))::int`,
    })
    .from(households)
    .innerJoin(householdMembers, eq(householdMembers.householdId, households.id))
    .where(and(eq(households.appId, appId), inArray(households.holderUserId, [...new Set(userIds)])))
    .groupBy(households.holderUserId);
  for (const row of rows)
    counts.set(row.userId, { adults: Number(row.adults), children: Number(row.children) });
  return counts;
}

export async function householdCountOf(db: Db, appId: string, userId: number): Promise<HouseholdCount> {
  return (await householdCounts(db, appId, [userId])).get(userId) ?? noHousehold;
}

function periodOf(harvestYear: number, current: number): MemberSubscription['period'] {
  if (harvestYear < current) return 'past';
  if (harvestYear === current) return 'current';
  return harvestYear === current + 1 ? 'next' : 'later';
}

function presentMember(
  row: SubscriptionRow,
  household: HouseholdCount,
  isMine: boolean,
  currentYear: number,
): MemberSubscription {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    harvestYear: row.harvestYear,
    adultPriceCents: row.adultPriceCents,
    childPriceCents: row.childPriceCents,
    requiredCredits: row.requiredCredits,
    isActive: row.isActive,
    isOpenForRegistration: row.isOpenForRegistration,
    adults: household.adults,
    children: household.children,
    priceCents: householdPriceCents(row, household),
    isMine,
    period: periodOf(row.harvestYear, currentYear),
  };
}

const memberOrder = [
  asc(subscriptions.harvestYear),
  asc(sql`lower(${subscriptions.name})`),
  asc(subscriptions.id),
];

async function myRows(db: Db, appId: string, userId: number, fromYear: number): Promise<SubscriptionRow[]> {
  const rows = await tenantDb(db, appId)
    .select({ subscription: subscriptions })
    .from(userSubscriptions)
    .innerJoin(subscriptions, eq(subscriptions.id, userSubscriptions.subscriptionId))
    .where(
      and(
        eq(userSubscriptions.appId, appId),
        eq(userSubscriptions.userId, userId),
        gte(subscriptions.harvestYear, fromYear),
      ),
    )
    .orderBy(...memberOrder);
  return rows.map((r) => r.subscription);
}

/** My subscriptions of the current and later harvest years, with the price for my household. */
export async function mySubscriptions(
  db: Db,
  user: AuthUser,
  now = new Date(),
): Promise<MemberSubscription[]> {
  const current = (await currentHarvestYear(db, user.appId, now)).year;
  const household = await householdCountOf(db, user.appId, user.id);
  const rows = await myRows(db, user.appId, user.id, current);
  return rows.map((row) => presentMember(row, household, true, current));
}

/** The farm's active subscriptions of the current and next harvest years, for a member. */
export async function memberSubscriptionList(
  db: Db,
  user: AuthUser,
  now = new Date(),
): Promise<MemberSubscription[]> {
  const current = (await currentHarvestYear(db, user.appId, now)).year;
  const household = await householdCountOf(db, user.appId, user.id);
  const farm = tenantDb(db, user.appId);
  const rows = await farm
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.appId, user.appId),
        eq(subscriptions.isActive, true),
        gte(subscriptions.harvestYear, current),
        lte(subscriptions.harvestYear, current + 1),
      ),
    )
    .orderBy(...memberOrder);
  const mine = new Set((await myRows(db, user.appId, user.id, current)).map((r) => r.id));
  return rows.map((row) => presentMember(row, household, mine.has(row.id), current));
}

/** My household and my subscriptions (`GET User/Membership`). */
export async function myMembership(db: Db, user: AuthUser, now = new Date()): Promise<MyMembership> {
  const current = (await currentHarvestYear(db, user.appId, now)).year;
  const household = await loadHousehold(db, user.appId, user.id);
  const counted = await householdCountOf(db, user.appId, user.id);
  const rows = await myRows(db, user.appId, user.id, current);
  return {
    currentHarvestYear: current,
    household,
    ...counted,
    subscriptions: rows.map((row) => presentMember(row, counted, true, current)),
  };
}

/**
 * Sets my choice among the subscriptions open for registration (and active): the named ones are mine
 * afterwards, the open ones not named are not; the others stay as they are. All in one transaction.
 */
export async function chooseSubscriptions(
  db: Database,
  user: AuthUser,
  subscriptionIds: readonly number[],
  now = new Date(),
): Promise<MemberSubscription[]> {
  const chosen = [...new Set(subscriptionIds)];
  await inTransaction(db, async (tx) => {
    const farm = tenantDb(tx, user.appId);
    const open = await farm
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.appId, user.appId),
          eq(subscriptions.isOpenForRegistration, true),
          eq(subscriptions.isActive, true),
        ),
      );
    const openIds = new Set(open.map((o) => o.id));
    if (chosen.some((id) => !openIds.has(id))) throw new HttpError(409, 'SUBSCRIPTION_NOT_OPEN');
    const dropped = [...openIds].filter((id) => !chosen.includes(id));
    if (dropped.length > 0) {
      await farm
        .delete(userSubscriptions)
        .where(
          and(eq(userSubscriptions.userId, user.id), inArray(userSubscriptions.subscriptionId, dropped)),
        );
    }
    if (chosen.length > 0) {
      await farm
        .insert(userSubscriptions)
        .values(chosen.map((subscriptionId) => ({ appId: user.appId, userId: user.id, subscriptionId })))
        .onConflictDoNothing();
    }
  });
  return mySubscriptions(db, user, now);
}

/** Credits I earned in a harvest year (confirmed tasks). */
async function earnedCredits(db: Db, appId: string, userId: number, harvestYear: number): Promise<number> {
  const [row] = await tenantDb(db, appId)
    .select({ total: sql<number>`coalesce(sum(${creditEntries.amount}), 0)::int` })
    .from(creditEntries)
    .where(
      and(
        eq(creditEntries.appId, appId),
        eq(creditEntries.userId, userId),
        eq(creditEntries.harvestYear, harvestYear),
      ),
    );
  return Number(row?.total ?? 0);
}

/**
 * Credits my subscriptions of a harvest year require: the highest of them (decision 074: a household
 * works for the farm once, whatever it picks); null without a subscription that year.
 */
export async function requiredCredits(
  db: Db,
  appId: string,
  userId: number,
  harvestYear: number,
): Promise<number | null> {
  const [row] = await tenantDb(db, appId)
    .select({ required: sql<number | null>`max(${subscriptions.requiredCredits})` })
    .from(userSubscriptions)
    .innerJoin(subscriptions, eq(subscriptions.id, userSubscriptions.subscriptionId))
    .where(
      and(
        eq(userSubscriptions.appId, appId),
        eq(userSubscriptions.userId, userId),
        eq(subscriptions.harvestYear, harvestYear),
      ),
    );
  return row?.required === null || row?.required === undefined ? null : Number(row.required);
}

/** The names of these users' subscriptions of a harvest year, by name (the market's takers). */
export async function subscriptionNamesOf(
  db: Db,
  appId: string,
  userIds: readonly number[],
  harvestYear: number,
): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>();
  if (userIds.length === 0) return names;
  const rows = await tenantDb(db, appId)
    .select({ userId: userSubscriptions.userId, name: subscriptions.name })
    .from(userSubscriptions)
    .innerJoin(subscriptions, eq(subscriptions.id, userSubscriptions.subscriptionId))
    .where(
      and(
        eq(userSubscriptions.appId, appId),
        inArray(userSubscriptions.userId, [...new Set(userIds)]),
        eq(subscriptions.harvestYear, harvestYear),
      ),
    )
    .orderBy(asc(sql`lower(${subscriptions.name})`), asc(subscriptions.id));
  for (const row of rows) names.set(row.userId, [...(names.get(row.userId) ?? []), row.name]);
  return names;
}

/** One of my subscriptions: its crops, my household and price, credits required and earned. */
export async function mySubscriptionDetail(
  db: Db,
  user: AuthUser,
  id: number,
  now = new Date(),
): Promise<MySubscriptionDetail> {
  const farm = tenantDb(db, user.appId);
  const [row] = await farm
    .select({ subscription: subscriptions })
    .from(userSubscriptions)
    .innerJoin(subscriptions, eq(subscriptions.id, userSubscriptions.subscriptionId))
    .where(
      and(
        eq(userSubscriptions.appId, user.appId),
        eq(userSubscriptions.userId, user.id),
        eq(userSubscriptions.subscriptionId, id),
      ),
    );
  if (!row) throw notFound();
  const current = (await currentHarvestYear(db, user.appId, now)).year;
  const household = await loadHousehold(db, user.appId, user.id);
  const counted = await householdCountOf(db, user.appId, user.id);
  const cropRows = await farm
    .select({
      cropId: crops.id,
      name: crops.name,
      unit: crops.unit,
      isPickable: plukAvailability.isPickable,
      amountPerShare: plukAvailability.amountPerShare,
    })
    .from(plukAvailability)
    .innerJoin(crops, eq(crops.id, plukAvailability.cropId))
    .where(
      and(
        eq(plukAvailability.appId, user.appId),
        eq(plukAvailability.subscriptionId, id),
        eq(crops.isActive, true),
      ),
    )
    .orderBy(asc(sql`lower(${crops.name})`), asc(crops.id));
  return {
    ...presentMember(row.subscription, counted, true, current),
    household: household.members,
    crops: cropRows,
    credits: {
      required: row.subscription.requiredCredits,
      earned: await earnedCredits(db, user.appId, user.id, row.subscription.harvestYear),
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// ApplicationManager

const memberCountSql = sql<number>`(select count(*) from user_subscriptions us where us.app_id = "subscriptions"."app_id" and us.subscription_id = "subscriptions"."id")::int`;

function presentManaged(row: SubscriptionRow, memberCount: number): ManagedSubscription {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    harvestYear: row.harvestYear,
    adultPriceCents: row.adultPriceCents,
    childPriceCents: row.childPriceCents,
    requiredCredits: row.requiredCredits,
    isActive: row.isActive,
    isOpenForRegistration: row.isOpenForRegistration,
    memberCount: Number(memberCount),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export async function managedSubscriptions(
  db: Db,
  appId: string,
  query: { harvestYear?: number | undefined },
): Promise<ManagedSubscription[]> {
  const rows = await tenantDb(db, appId)
    .select({ subscription: subscriptions, memberCount: memberCountSql })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.appId, appId),
        query.harvestYear === undefined ? undefined : eq(subscriptions.harvestYear, query.harvestYear),
      ),
    )
    .orderBy(desc(subscriptions.harvestYear), asc(sql`lower(${subscriptions.name})`), asc(subscriptions.id));
  return rows.map((r) => presentManaged(r.subscription, r.memberCount));
}

export async function managedSubscription(db: Db, appId: string, id: number): Promise<ManagedSubscription> {
  const [row] = await tenantDb(db, appId)
    .select({ subscription: subscriptions, memberCount: memberCountSql })
    .from(subscriptions)
    .where(inApp(appId, id));
  if (!row) throw notFound();
  return presentManaged(row.subscription, row.memberCount);
}

const nameTaken = (err: unknown) => isUniqueViolation(err, 'subscriptions_app_year_name');

export async function createSubscription(
  db: Database,
  appId: string,
  input: SubscriptionInput,
): Promise<ManagedSubscription> {
  const values = subscriptionInputSchema.parse(input);
  let id: number;
  try {
    const [row] = await tenantDb(db, appId)
      .insert(subscriptions)
      .values({ appId, ...values })
      .returning({ id: subscriptions.id });
    if (!row) throw new Error('subscription insert returned nothing');
    id = row.id;
  } catch (err) {
    if (nameTaken(err)) throw new HttpError(409, 'SUBSCRIPTION_NAME_TAKEN');
    throw err;
  }
  return managedSubscription(db, appId, id);
}

export async function updateSubscription(
  db: Database,
  appId: string,
  input: SubscriptionUpdate,
): Promise<ManagedSubscription> {
  const { id, ...values } = subscriptionUpdateSchema.parse(input) as z.output<
    typeof subscriptionUpdateSchema
  >;
  try {
    await inTransaction(db, async (tx) => {
      const farm = tenantDb(tx, appId);
      const [row] = await farm.select().from(subscriptions).where(inApp(appId, id)).for('update');
      if (!row) throw notFound();
      if (row.harvestYear !== values.harvestYear && (await membersOf(tx, appId, id)) > 0) {
        throw new HttpError(
          409,
          'SUBSCRIPTION_IN_USE',
          'Dit abonnement heeft al leden: het oogstjaar kan niet meer veranderen. Maak een nieuw abonnement.',
          { harvestYear: 'Dit abonnement heeft al leden: het oogstjaar kan niet meer veranderen.' },
        );
      }
      await farm
        .update(subscriptions)
        .set({ ...values, updatedAt: sql`now()` })
        .where(inApp(appId, id));
    });
  } catch (err) {
    if (nameTaken(err)) throw new HttpError(409, 'SUBSCRIPTION_NAME_TAKEN');
    throw err;
  }
  return managedSubscription(db, appId, id);
}

async function membersOf(db: Db, appId: string, id: number): Promise<number> {
  const [row] = await tenantDb(db, appId)
    .select({ n: count() })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.subscriptionId, id));
  return Number(row?.n ?? 0);
}

/** Deletes a subscription nobody has; its pluk rows go with it. */
export async function deleteSubscription(db: Database, appId: string, id: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    const farm = tenantDb(tx, appId);
    const [row] = await farm
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(inApp(appId, id))
      .for('update');
    if (!row) throw notFound();
    const members = await membersOf(tx, appId, id);
    if (members > 0) {
      throw new HttpError(
        409,
        'SUBSCRIPTION_IN_USE',
        `Dit abonnement heeft nog ${members} ${members === 1 ? 'lid' : 'leden'}. Haal ze er eerst af.`,
      );
    }
    await farm.delete(subscriptions).where(inApp(appId, id));
  });
}

export async function subscriptionMembers(db: Db, appId: string, id: number): Promise<SubscriptionMember[]> {
  await managedSubscription(db, appId, id);
  const [subscription] = await tenantDb(db, appId).select().from(subscriptions).where(inApp(appId, id));
  const rows = await tenantDb(db, appId)
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      addedAt: userSubscriptions.createdAt,
    })
    .from(userSubscriptions)
    .innerJoin(users, eq(users.id, userSubscriptions.userId))
    .where(and(eq(userSubscriptions.appId, appId), eq(userSubscriptions.subscriptionId, id)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  const counts = await householdCounts(
    db,
    appId,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => {
    const household = counts.get(r.userId) ?? noHousehold;
    return {
      ...r,
      ...household,
      priceCents: householdPriceCents(subscription!, household),
      addedAt: iso(r.addedAt),
    };
  });
}

/** Gives a user a subscription; a user who has it already is answered the same. */
export async function addUserSubscription(
  db: Database,
  appId: string,
  body: { userId: number; subscriptionId: number },
): Promise<SubscriptionMember> {
  await inTransaction(db, async (tx) => {
    const farm = tenantDb(tx, appId);
    const [user] = await farm
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.appId, appId), eq(users.id, body.userId)));
    const [subscription] = await farm
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(inApp(appId, body.subscriptionId));
    if (!user || !subscription) throw notFound();
    await farm
      .insert(userSubscriptions)
      .values({ appId, userId: body.userId, subscriptionId: body.subscriptionId })
      .onConflictDoNothing();
  });
  const members = await subscriptionMembers(db, appId, body.subscriptionId);
  const member = members.find((m) => m.userId === body.userId);
  if (!member) throw notFound();
  return member;
}

export async function removeUserSubscription(
  db: Database,
  appId: string,
  params: { userId: number; subscriptionId: number },
): Promise<void> {
  const removed = await tenantDb(db, appId)
    .delete(userSubscriptions)
    .where(
      and(
        eq(userSubscriptions.userId, params.userId),
        eq(userSubscriptions.subscriptionId, params.subscriptionId),
      ),
    )
    .returning({ id: userSubscriptions.id });
  if (removed.length === 0) throw notFound();
}

/**
 * The subscription of the same name (case-insensitive) in the current (`offset` 0) or next (1) harvest
 * year, with its households, adults and children.
 */
export async function subscriptionInfo(
  db: Db,
  appId: string,
  id: number,
  offset: 0 | 1,
  now = new Date(),
): Promise<SubscriptionPriceInfo> {
  const farm = tenantDb(db, appId);
  const [base] = await farm.select().from(subscriptions).where(inApp(appId, id));
  if (!base) throw notFound();
  const harvestYear = (await currentHarvestYear(db, appId, now)).year + offset;
  const [match] = await farm
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.appId, appId),
        eq(subscriptions.harvestYear, harvestYear),
        eq(sql`lower(${subscriptions.name})`, base.name.toLowerCase()),
      ),
    );
  const empty = { adults: 0, children: 0, households: 0 };
  if (!match) {
    return {
      harvestYear,
      name: base.name,
      subscriptionId: null,
      ...empty,
      adultPriceCents: 0,
      childPriceCents: 0,
      adultsCents: 0,
      childrenCents: 0,
      totalCents: 0,
    };
  }
  const holders = await farm
    .select({ userId: userSubscriptions.userId })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.subscriptionId, match.id));
  const counts = await householdCounts(
    db,
    appId,
    holders.map((h) => h.userId),
  );
  let adults = 0;
  let children = 0;
  for (const holder of holders) {
    const household = counts.get(holder.userId) ?? noHousehold;
    adults += household.adults;
    children += household.children;
  }
  const adultsCents = adults * match.adultPriceCents;
  const childrenCents = children * match.childPriceCents;
  return {
    harvestYear,
    name: match.name,
    subscriptionId: match.id,
    households: holders.length,
    adults,
    children,
    adultPriceCents: match.adultPriceCents,
    childPriceCents: match.childPriceCents,
    adultsCents,
    childrenCents,
    totalCents: adultsCents + childrenCents,
  };
}

/** The counts only (`info`, `infoNext`). */
export async function subscriptionCountInfo(
  db: Db,
  appId: string,
  id: number,
  offset: 0 | 1,
): Promise<SubscriptionInfo> {
  const info = await subscriptionInfo(db, appId, id, offset);
  return {
    harvestYear: info.harvestYear,
    name: info.name,
    subscriptionId: info.subscriptionId,
    households: info.households,
    adults: info.adults,
    children: info.children,
  };
}
