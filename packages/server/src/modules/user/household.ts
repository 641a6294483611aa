import { and, asc, eq } from 'drizzle-orm';
import type { HouseholdMember, HouseholdMemberInput } from '@pluk/contract';
import type { Database, Transaction } from '../../db/client.js';
import { tenantDb } from '../../db/tenant.js';
import { householdMembers, households } from '../../db/schema/index.js';

type Executor = Database | Transaction;

/** Creates the membership of a new account: the holder first, then the other members. */
export async function createHousehold(
  db: Executor,
  holder: { appId: string; userId: number; name: string },
  others: HouseholdMemberInput[],
): Promise<number> {
  const farm = tenantDb(db, holder.appId);
  const [household] = await farm
    .insert(households)
    .values({ appId: holder.appId, holderUserId: holder.userId })
    .returning({ id: households.id });
  if (!household) throw new Error('household insert returned nothing');
  await farm.insert(householdMembers).values({
    appId: holder.appId,
    householdId: household.id,
    name: holder.name,
    yearOfBirth: null,
    isAdult: true,
    isHolder: true,
    position: 0,
  });
  await insertOthers(db, holder.appId, household.id, others);
  return household.id;
}

async function insertOthers(
  db: Executor,
  appId: string,
  householdId: number,
  others: HouseholdMemberInput[],
) {
  if (others.length === 0) return;
  await tenantDb(db, appId)
    .insert(householdMembers)
    .values(
      others.map((member, index) => ({
        appId,
        householdId,
        name: member.name,
        yearOfBirth: member.yearOfBirth ?? null,
        isAdult: member.isAdult,
        isHolder: false,
        position: index + 1,
      })),
    );
}

/** Replaces the members other than the holder and renames the holder after the account's name. */
export async function updateHousehold(
  db: Executor,
  holder: { appId: string; userId: number; name: string },
  others: HouseholdMemberInput[],
): Promise<void> {
  const householdId = await householdIdOf(db, holder.appId, holder.userId);
  if (householdId === null) {
    await createHousehold(db, holder, others);
    return;
  }
  const farm = tenantDb(db, holder.appId);
  await farm
    .update(householdMembers)
    .set({ name: holder.name })
    .where(and(eq(householdMembers.householdId, householdId), eq(householdMembers.isHolder, true)));
  await farm
    .delete(householdMembers)
    .where(and(eq(householdMembers.householdId, householdId), eq(householdMembers.isHolder, false)));
  await insertOthers(db, holder.appId, householdId, others);
}

export async function householdIdOf(db: Executor, appId: string, userId: number): Promise<number | null> {
  const [row] = await tenantDb(db, appId)
    .select({ id: households.id })
    .from(households)
    .where(and(eq(households.appId, appId), eq(households.holderUserId, userId)));
  return row?.id ?? null;
}

/** The membership of a user: its id (0 when none exists yet) and members, holder first. */
export async function loadHousehold(
  db: Executor,
  appId: string,
  userId: number,
): Promise<{ id: number; members: HouseholdMember[] }> {
  const rows = await tenantDb(db, appId)
    .select({
      householdId: households.id,
      id: householdMembers.id,
      name: householdMembers.name,
      yearOfBirth: householdMembers.yearOfBirth,
      isAdult: householdMembers.isAdult,
      isHolder: householdMembers.isHolder,
    })
    .from(households)
    .innerJoin(householdMembers, eq(householdMembers.householdId, households.id))
    .where(and(eq(households.appId, appId), eq(households.holderUserId, userId)))
    .orderBy(asc(householdMembers.position), asc(householdMembers.id));
  return {
    id: rows[0]?.householdId ?? 0,
    members: rows.map(({ householdId: _householdId, ...member }) => member),
  };
}
