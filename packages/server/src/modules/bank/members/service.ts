import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  bankLimits,
  householdPriceCents,
  type BankMember,
  type BankMemberSubscription,
  type BankSubscription,
} from '@pluk/contract';
import type { Database } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { subscriptions, userSubscriptions, users } from '../../../db/schema/index.js';
import { likePattern } from '../../../lib/like-pattern.js';
import { currentHarvestYear } from '../../harvest-year.js';
import { householdCounts } from '../../subscription/service.js';
import { liveTransactionOfSubscriber } from '../transactions/live.js';
import { userSearchText } from '../../users/service.js';

export interface BankMembersQuery {
  search?: string | undefined;
  harvestYear?: number | undefined;
  userId?: number | undefined;
}

const fullName = sql<string>`(${users.firstName} || ' ' || ${users.lastName})`;

/**
 * First or last name ("Jan Peeters" too) or e-mail, in any case. The trigram index of `userSearchText`
 * (which also holds the username) finds the candidates; the names and e-mail decide.
 */
function searchCondition(search: string): SQL {
  const pattern = likePattern(search);
  return and(
    ilike(userSearchText, pattern),
    or(ilike(fullName, pattern), ilike(users.email, pattern)),
  ) as SQL;
}

/**
 * Each member's subscriptions of the harvest year with the household's price and whether an open or
 * paid transaction exists for it.
 */
async function subscriptionsOf(
  db: Database,
  appId: string,
  userIds: number[],
  harvestYear: number,
): Promise<Map<number, BankMemberSubscription[]>> {
  const bySubscriber = new Map<number, BankMemberSubscription[]>();
  if (userIds.length === 0) return bySubscriber;
  const farm = tenantDb(db, appId);
  const [rows, households] = await Promise.all([
    farm
      .select({
        userId: userSubscriptions.userId,
        subscriptionId: subscriptions.id,
        name: subscriptions.name,
        harvestYear: subscriptions.harvestYear,
        adultPriceCents: subscriptions.adultPriceCents,
        childPriceCents: subscriptions.childPriceCents,
        hasLiveTransaction: sql<boolean>`exists (${liveTransactionOfSubscriber(farm)})`,
      })
      .from(userSubscriptions)
      .innerJoin(subscriptions, eq(subscriptions.id, userSubscriptions.subscriptionId))
      .where(
        and(
          eq(userSubscriptions.appId, appId),
          inArray(userSubscriptions.userId, userIds),
          eq(subscriptions.harvestYear, harvestYear),
        ),
      )
      .orderBy(asc(sql`lower(${subscriptions.name})`), asc(subscriptions.id)),
    householdCounts(db, appId, userIds),
  ]);
  for (const row of rows) {
    const household = households.get(row.userId) ?? { adults: 1, children: 0 };
    const list = bySubscriber.get(row.userId) ?? [];
    list.push({
      subscriptionId: row.subscriptionId,
      name: row.name,
      harvestYear: row.harvestYear,
      priceCents: householdPriceCents(row, household),
      hasLiveTransaction: row.hasLiveTransaction,
    });
    bySubscriber.set(row.userId, list);
  }
  return bySubscriber;
}

/**
 * The members a BankManager picks from: up to `bankLimits.membersShown` approved members of the farm
 * (deactivated ones too: they can still owe), by last and first name, matching the search, each with
 * their subscriptions of the harvest year (default: the current one). Three statements, whatever the
 * number of members: the members, their subscriptions, their households.
 */
export async function bankMembers(
  db: Database,
  appId: string,
  query: BankMembersQuery,
): Promise<BankMember[]> {
  const harvestYear = query.harvestYear ?? (await currentHarvestYear(db, appId)).year;
  const conditions: SQL[] = [eq(users.appId, appId), eq(users.isApproved, true)];
  if (query.userId !== undefined) conditions.push(eq(users.id, query.userId));
  if (query.search) conditions.push(searchCondition(query.search));
  const members = await tenantDb(db, appId)
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id))
    .limit(bankLimits.membersShown);
  const subscribed = await subscriptionsOf(
    db,
    appId,
    members.map((member) => member.id),
    harvestYear,
  );
  return members.map((member) => ({
    userId: member.id,
    name: `${member.firstName} ${member.lastName}`.trim(),
    email: member.email,
    subscriptions: subscribed.get(member.id) ?? [],
  }));
}

/**
 * The farm's subscriptions for the bank list's filter: of one harvest year or all, the latest year
 * first, then by name (the index `subscriptions_app_year_name`).
 */
export async function bankSubscriptions(
  db: Database,
  appId: string,
  harvestYear: number | undefined,
): Promise<BankSubscription[]> {
  return tenantDb(db, appId)
    .select({ id: subscriptions.id, name: subscriptions.name, harvestYear: subscriptions.harvestYear })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.appId, appId),
        harvestYear === undefined ? undefined : eq(subscriptions.harvestYear, harvestYear),
      ),
    )
    .orderBy(desc(subscriptions.harvestYear), asc(sql`lower(${subscriptions.name})`), asc(subscriptions.id));
}
