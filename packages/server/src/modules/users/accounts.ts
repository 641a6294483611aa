import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type {
  createUserBodySchema,
  extendedUsersQuerySchema,
  ManagedUser,
  ManagedUserDetail,
  updateUserBodySchema,
} from '@pluk/contract';
import type { z } from 'zod';
import type { Transaction } from '../../db/client.js';
import {
  bankTransactions,
  creditEntries,
  subscriptions,
  taskAssignments,
  tasks,
  users,
  userSubscriptions,
  wallets,
} from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { inTransaction } from '../../db/transaction.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { randomToken } from '../../lib/tokens.js';
import type { RequestAuth, Tenant } from '../../types.js';
import { audit } from '../audit.js';
import { emailTaken, usernameTaken } from '../auth/register.js';
import { emailChangeBase, stageEmailChange } from '../auth/email-change.js';
import { farmToday } from '../bank/transactions/dates.js';
import { createHousehold, loadHousehold, updateHousehold } from '../user/household.js';
import {
  accountMailLinks,
  queuePasswordResetLink,
  queueWelcomeEmails,
  type MailedUser,
} from '../auth/account-mails.js';
import { managedUserColumns, presentManagedUser } from './presenter.js';
import { replaceRoles } from './access.js';
import {
  assertMayActOn,
  assertMayGrant,
  assertNotLastActiveAdmin,
  lockAccountToActOn,
  lockActiveAdmins,
  mayRemoveAnAdmin,
} from './policy.js';
import { managedUser, notAnonymized } from './service.js';

type CreateInput = z.output<typeof createUserBodySchema>;
type UpdateInput = z.output<typeof updateUserBodySchema>;

/**
 * A password hash no password matches (argon2 cannot read it): an account a manager made has no
 * password until its member chooses one through the e-mailed link; a deleted account never has one.
 */
export const unusablePasswordHash = () => `!unusable:${randomToken()}`;

const mailedColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
};

/** A live (not deleted) account of this farm, or 404: a user of another farm is never found. */
export async function liveUser(db: FastifyInstance['db'] | Transaction, appId: string, userId: number) {
  const [row] = await tenantDb(db, appId)
    .select({ ...mailedColumns, roles: managedUserColumns.roles, isActive: users.isActive })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.appId, appId), notAnonymized));
  if (!row) throw notFound();
  return row;
}

function uniqueAnswer(err: unknown): never {
  if (isUniqueViolation(err, 'users_app_username')) throw usernameTaken();
  if (isUniqueViolation(err, 'users_app_email')) throw emailTaken();
  throw err;
}

/** Refuses a username or e-mail another account of the farm has (case-insensitive), as registration. */
async function assertFree(
  app: FastifyInstance,
  appId: string,
  wanted: { username?: string | undefined; email?: string | undefined },
  exceptId?: number,
): Promise<void> {
  const checks: SQL[] = [];
  if (wanted.username) checks.push(sql`lower(${users.username}) = ${wanted.username.toLowerCase()}`);
  if (wanted.email) checks.push(sql`lower(${users.email}) = ${wanted.email.toLowerCase()}`);
  if (checks.length === 0) return;
  const clashes = await tenantDb(app.db, appId)
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(and(eq(users.appId, appId), or(...checks), exceptId ? ne(users.id, exceptId) : undefined));
  if (wanted.username && clashes.some((c) => c.username.toLowerCase() === wanted.username!.toLowerCase())) {
    throw usernameTaken();
  }
  if (clashes.length > 0) throw emailTaken();
}

/** A manager makes an account; with `sendWelcomeEmail` the member gets the welcome and a password link. */
export async function createUser(
  app: FastifyInstance,
  tenant: Tenant,
  auth: RequestAuth,
  input: CreateInput,
): Promise<ManagedUser> {
  // A new account gets only roles its maker passes (ADR 080, 086).
  assertMayGrant(auth.user, [], input.roles);
  await assertFree(app, tenant.appId, input);
  const links = input.sendWelcomeEmail ? await accountMailLinks(app, tenant.appId) : null;
  let userId = 0;
  try {
    userId = await inTransaction(app.db, async (tx) => {
      const farm = tenantDb(tx, tenant.appId);
      const [user] = await farm
        .insert(users)
        .values({
          appId: tenant.appId,
          username: input.username,
          email: input.email,
          passwordHash: unusablePasswordHash(),
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          street: input.address.street,
          houseNumber: input.address.number,
          postalCode: input.address.postalCode,
          city: input.address.city,
          isApproved: input.isApproved,
          isActive: input.isActive,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned nothing');
      await replaceRoles(farm, tenant.appId, user.id, input.roles);
      await createHousehold(
        tx,
        { appId: tenant.appId, userId: user.id, name: `${input.firstName} ${input.lastName}` },
        input.householdMembers,
      );
      await audit(tx, tenant.appId, auth, 'user.create', { userId: user.id, roles: input.roles });
      if (links) {
        const mailed: MailedUser = { ...input, id: user.id };
        await queueWelcomeEmails(tx, tenant, links.loginUrl, [mailed], () => 'created');
        await queuePasswordResetLink(tx, tenant, links.base, mailed);
      }
      return user.id;
    });
  } catch (err) {
    uniqueAnswer(err);
  }
  if (links) app.jobs.wake();
  return managedUser(app, tenant.appId, userId);
}

/**
 * Changes the given fields of an account (patch). The caller must pass every role the account holds
 * (ADR 086) and may give or take only roles it passes; the last active Admin stays active, approved
 * and Admin.
 */
export async function updateUser(
  app: FastifyInstance,
  tenant: Tenant,
  auth: RequestAuth,
  input: UpdateInput,
): Promise<ManagedUser> {
  const target = await liveUser(app.db, tenant.appId, input.id);
  // Said before anything else, so a refused caller learns nothing about taken names or addresses.
  assertMayActOn(auth.user, target);
  if (input.roles) assertMayGrant(auth.user, target.roles, input.roles);
  if (input.id === auth.user.id && input.isActive === false) {
    throw new HttpError(409, 'CANNOT_DEACTIVATE_SELF', 'Je kan je eigen account niet deactiveren.');
  }
  await assertFree(app, tenant.appId, input, input.id);
  const base = input.email === undefined ? '' : await emailChangeBase(app, tenant.appId);
  try {
    await inTransaction(app.db, async (tx) => {
      // The Admins first, then the account (one lock order for every change, ADR 086).
      const admins = mayRemoveAnAdmin(input) ? await lockActiveAdmins(tx, tenant.appId) : null;
      const locked = await lockAccountToActOn(tx, tenant.appId, auth.user, input.id);
      if (input.roles) assertMayGrant(auth.user, locked.roles, input.roles);
      if (admins) assertNotLastActiveAdmin(admins, input.id);
      const farm = tenantDb(tx, tenant.appId);
      const changes = {
        username: input.username,
        // ADR 087: a new address waits for its owner's confirmation; it is not written here.
        email: await stageEmailChange(tx, tenant, auth, base, target, input.email),
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        street: input.address?.street,
        houseNumber: input.address?.number,
        postalCode: input.address?.postalCode,
        city: input.address?.city,
        isApproved: input.isApproved,
        isActive: input.isActive,
        updatedAt: sql`now()`,
      };
      const [updated] = await farm
        .update(users)
        .set(changes)
        .where(and(eq(users.id, input.id), eq(users.appId, tenant.appId), notAnonymized))
        .returning({ firstName: users.firstName, lastName: users.lastName });
      if (!updated) throw notFound();
      if (input.roles) await replaceRoles(farm, tenant.appId, input.id, input.roles);
      if (input.householdMembers || input.firstName || input.lastName) {
        const name = `${updated.firstName} ${updated.lastName}`;
        const holder = { appId: tenant.appId, userId: input.id, name };
        const others =
          input.householdMembers ??
          (await loadHousehold(tx, tenant.appId, input.id)).members
            .filter((m) => !m.isHolder)
            .map((m) => ({ name: m.name, yearOfBirth: m.yearOfBirth, isAdult: m.isAdult }));
        await updateHousehold(tx, holder, others);
      }
      await audit(tx, tenant.appId, auth, 'user.update', {
        userId: input.id,
        fields: Object.keys(input).filter((key) => key !== 'id'),
      });
    });
  } catch (err) {
    uniqueAnswer(err);
  } finally {
    // Roles and activity are read per request from the cache (ADR 046): forget it after the commit.
    await app.caches.usersChanged(tenant.appId, input.id);
  }
  if (input.email !== undefined) app.jobs.wake();
  return managedUser(app, tenant.appId, input.id);
}

/** A member's detail for managers. */
export async function userDetail(
  app: FastifyInstance,
  appId: string,
  userId: number,
): Promise<ManagedUserDetail> {
  const farm = tenantDb(app.db, appId);
  const [row] = await farm
    .select({
      ...managedUserColumns,
      street: users.street,
      houseNumber: users.houseNumber,
      postalCode: users.postalCode,
      city: users.city,
      isTransactionable: users.isTransactionable,
      hasPaid: users.hasPaid,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.appId, appId), notAnonymized));
  if (!row) throw notFound();
  const [household, subs, wallet, credits, chores, transactions] = await Promise.all([
    loadHousehold(app.db, appId, userId),
    farm
      .select({ id: subscriptions.id, name: subscriptions.name, harvestYear: subscriptions.harvestYear })
      .from(userSubscriptions)
      .innerJoin(
        subscriptions,
        and(
          eq(subscriptions.appId, userSubscriptions.appId),
          eq(subscriptions.id, userSubscriptions.subscriptionId),
        ),
      )
      .where(and(eq(userSubscriptions.appId, appId), eq(userSubscriptions.userId, userId)))
      .orderBy(desc(subscriptions.harvestYear), asc(subscriptions.name)),
    farm
      .select({ balanceCents: wallets.balanceCents })
      .from(wallets)
      .where(and(eq(wallets.appId, appId), eq(wallets.userId, userId))),
    farm
      .select({
        harvestYear: creditEntries.harvestYear,
        total: sql<number>`sum(${creditEntries.amount})::int`,
      })
      .from(creditEntries)
      .where(and(eq(creditEntries.appId, appId), eq(creditEntries.userId, userId)))
      .groupBy(creditEntries.harvestYear)
      .orderBy(desc(creditEntries.harvestYear)),
    farm
      .select({ id: tasks.id, title: tasks.title, startsAt: tasks.startsAt, status: taskAssignments.status })
      .from(taskAssignments)
      .innerJoin(tasks, and(eq(tasks.appId, taskAssignments.appId), eq(tasks.id, taskAssignments.taskId)))
      .where(and(eq(taskAssignments.appId, appId), eq(taskAssignments.userId, userId)))
      .orderBy(desc(tasks.startsAt), desc(tasks.id))
      .limit(20),
    farm
      .select({
        id: bankTransactions.id,
        description: bankTransactions.description,
        amountCents: bankTransactions.amountCents,
        status: bankTransactions.status,
        harvestYear: bankTransactions.harvestYear,
        dueDate: bankTransactions.dueDate,
      })
      .from(bankTransactions)
      .where(and(eq(bankTransactions.appId, appId), eq(bankTransactions.userId, userId)))
      .orderBy(desc(bankTransactions.createdAt), desc(bankTransactions.id))
      .limit(20),
  ]);
  const { street, houseNumber, postalCode, city, ...managed } = row;
  return {
    ...presentManagedUser(managed),
    address: { street, number: houseNumber, postalCode, city },
    isTransactionable: row.isTransactionable,
    hasPaid: row.hasPaid,
    householdMembers: household.members,
    subscriptions: subs,
    walletBalanceCents: wallet[0]?.balanceCents ?? 0,
    credits: credits.map((c) => ({ harvestYear: c.harvestYear, total: Number(c.total) })),
    tasks: chores.map((t) => ({
      ...t,
      startsAt: new Date(t.startsAt).toISOString(),
      status: t.status as 'waiting' | 'confirmed' | 'refused',
    })),
    transactions: transactions.map((t) => ({ ...t, status: t.status as 'open' | 'paid' | 'cancelled' })),
  };
}

/** Every live account by name (`GET user`). */
export async function listUsers(app: FastifyInstance, appId: string) {
  return tenantDb(app.db, appId)
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      isActive: users.isActive,
    })
    .from(users)
    .where(and(eq(users.appId, appId), notAnonymized))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** `GET user/extended?isAtive=`: accounts by name with roles, subscriptions and payment. */
export async function extendedUsers(
  app: FastifyInstance,
  appId: string,
  query: z.output<typeof extendedUsersQuerySchema>,
) {
  const rows = await tenantDb(app.db, appId)
    .select({
      ...managedUserColumns,
      isTransactionable: users.isTransactionable,
      hasPaid: users.hasPaid,
      subscriptionIds: sql<
        number[]
      >`coalesce(array(select us.subscription_id from user_subscriptions us where us.app_id = "users"."app_id" and us.user_id = "users"."id" order by us.subscription_id), '{}')`,
    })
    .from(users)
    .where(
      and(
        eq(users.appId, appId),
        notAnonymized,
        query.isAtive === undefined ? undefined : eq(users.isActive, query.isAtive),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  return rows.map(({ isTransactionable, hasPaid, subscriptionIds, ...row }) => ({
    ...presentManagedUser(row),
    isTransactionable,
    hasPaid,
    subscriptionIds: subscriptionIds.map(Number),
  }));
}

/**
 * Sends the welcome e-mail again, only to an account the caller may act on (ADR 086). The occasion is the farm day, so a double click (or two managers)
 * mails the member once that day: the second answer says `queued: false`.
 */
export async function sendWelcomeEmail(
  app: FastifyInstance,
  tenant: Tenant,
  auth: RequestAuth,
  userId: number,
): Promise<{ queued: boolean }> {
  const target = await liveUser(app.db, tenant.appId, userId);
  assertMayActOn(auth.user, target);
  const { loginUrl } = await accountMailLinks(app, tenant.appId);
  const day = farmToday();
  const queued = await inTransaction(app.db, async (tx) => {
    await lockAccountToActOn(tx, tenant.appId, auth.user, userId);
    const count = await queueWelcomeEmails(tx, tenant, loginUrl, [target], () => `manual:${day}`);
    if (count > 0) await audit(tx, tenant.appId, auth, 'user.welcome-email', { userId });
    return count > 0;
  });
  app.jobs.wake();
  return { queued };
}

/**
 * E-mails the member a new password link; the password itself stays until the link is used. Only to an
 * account the caller may act on (ADR 086): never from a manager to an Admin.
 */
export async function sendPasswordReset(
  app: FastifyInstance,
  tenant: Tenant,
  auth: RequestAuth,
  userId: number,
): Promise<{ ok: true }> {
  const target = await liveUser(app.db, tenant.appId, userId);
  assertMayActOn(auth.user, target);
  const { base } = await accountMailLinks(app, tenant.appId);
  await inTransaction(app.db, async (tx) => {
    // Read again under the row lock: a role given meanwhile is seen (ADR 086).
    await lockAccountToActOn(tx, tenant.appId, auth.user, userId);
    await queuePasswordResetLink(tx, tenant, base, target);
    await audit(tx, tenant.appId, auth, 'user.password-reset-link', { userId });
  });
  app.jobs.wake();
  return { ok: true };
}
