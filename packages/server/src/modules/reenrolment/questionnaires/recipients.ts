import { and, asc, eq, exists, inArray, type SQL } from 'drizzle-orm';
import type { Transaction } from '../../../db/client.js';
import { tenantDb, type TenantDb } from '../../../db/tenant.js';
import { subscriptions, userRoles, userSubscriptions, users } from '../../../db/schema/index.js';
import { HttpError } from '../../../lib/http-error.js';
import { literalFlag } from '../../../lib/paging.js';
import { currentHarvestYear } from '../../harvest-year.js';

/**
 * Who a round's questionnaires go to (decision 090). A questionnaire asks a member whether they go on:
 * it is for people with a subscription, never for accounts that only work for the farm (an analyst, a
 * bank manager). An account with a role AND a subscription is a member too.
 */

const activeApproved = and(eq(users.isActive, literalFlag(true)), eq(users.isApproved, literalFlag(true)));

/** The member has a subscription of `year` (any year when absent). */
function hasSubscription(farm: TenantDb, year?: number): SQL {
  return exists(
    farm
      .select({ one: userSubscriptions.id })
      .from(userSubscriptions)
      .innerJoin(subscriptions, eq(subscriptions.id, userSubscriptions.subscriptionId))
      .where(
        and(
          eq(userSubscriptions.userId, users.id),
          year === undefined ? undefined : eq(subscriptions.harvestYear, year),
        ),
      ),
  );
}

function hasRole(farm: TenantDb): SQL {
  return exists(farm.select({ one: userRoles.userId }).from(userRoles).where(eq(userRoles.userId, users.id)));
}

/** Every active, approved member with a subscription in the farm's current harvest year, by id. */
export async function currentYearMembers(tx: Transaction, appId: string): Promise<number[]> {
  const farm = tenantDb(tx, appId);
  const { year } = await currentHarvestYear(tx, appId);
  const rows = await farm
    .select({ id: users.id })
    .from(users)
    .where(and(activeApproved, hasSubscription(farm, year)))
    .orderBy(asc(users.id));
  return rows.map((row) => row.id);
}

const pickError = (message: string) => new HttpError(400, 'VALIDATION_ERROR', message, { userIds: message });

/**
 * The members a manager picked: each an active, approved account of this farm (another farm's id, an
 * unknown or a deactivated one is a bad pick: 400 on `userIds`), and none an account that holds roles
 * but never had a subscription (a staff-only account: 400 naming it).
 */
export async function pickedMembers(tx: Transaction, appId: string, userIds: number[]): Promise<number[]> {
  const farm = tenantDb(tx, appId);
  const wanted = [...new Set(userIds)];
  const rows = await farm
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      staff: hasRole(farm),
      subscribed: hasSubscription(farm),
    })
    .from(users)
    .where(and(inArray(users.id, wanted), activeApproved))
    .orderBy(asc(users.id));
  if (rows.length !== wanted.length) {
    throw pickError('Een van de gekozen leden is geen actief, goedgekeurd lid van deze boerderij.');
  }
  const staffOnly = rows.find((row) => row.staff && !row.subscribed);
  if (staffOnly) {
    throw pickError(
      `${staffOnly.firstName} ${staffOnly.lastName} heeft alleen een beheerdersrol en nooit een abonnement: ` +
        'een vragenlijst is voor leden.',
    );
  }
  return rows.map((row) => row.id);
}
