import type { FastifyInstance } from 'fastify';
import { and, count, eq, gt, ne, sql } from 'drizzle-orm';
import type { ContactData, Privacy, updateAccountBodySchema } from '@pluk/contract';
import type { z } from 'zod';
import { userAvatars, users } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { inTransaction } from '../../db/transaction.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { forbidden, HttpError, notFound } from '../../lib/http-error.js';
import type { ImageMime } from '../../lib/image-type.js';
import { assertPasswordAllowed } from '../../lib/password-policy.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { AuthUser, RequestAuth, Tenant } from '../../types.js';
import { emailTaken } from '../auth/register.js';
import { emailChangeBase, stageEmailChange } from '../auth/email-change.js';
import { revokeUserTokens } from '../auth/refresh-tokens.js';
import { presentContactData } from './account.js';
import { loadHousehold, updateHousehold } from './household.js';
import { maySeeContactData } from './policy.js';

type UpdateInput = z.output<typeof updateAccountBodySchema>;

/** Members seen within this window count as online (docs/product/people-and-roles.md, "Online members"). */
const onlineWindowMinutes = 5;

/**
 * `user/PostPermissions`: my privacy choices alone (decision 092): sharing my contact data with the other
 * members and receiving e-mails. One statement; the rest of the account is untouched.
 */
export async function savePrivacy(app: FastifyInstance, user: AuthUser, privacy: Privacy): Promise<void> {
  await tenantDb(app.db, user.appId)
    .update(users)
    .set({
      showContactData: privacy.showContactData,
      receiveEmails: privacy.receiveEmails,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, user.id), eq(users.appId, user.appId)));
}

export async function updateAccount(
  app: FastifyInstance,
  tenant: Tenant,
  auth: RequestAuth,
  input: UpdateInput,
): Promise<void> {
  const { user } = auth;
  const [clash] = await tenantDb(app.db, user.appId)
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.appId, user.appId),
        ne(users.id, user.id),
        sql`lower(${users.email}) = ${input.email.toLowerCase()}`,
      ),
    )
    .limit(1);
  if (clash) throw emailTaken();
  const base = await emailChangeBase(app, user.appId);
  try {
    await inTransaction(app.db, async (tx) => {
      const [current] = await tenantDb(tx, user.appId)
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          username: users.username,
        })
        .from(users)
        .where(and(eq(users.id, user.id), eq(users.appId, user.appId)));
      if (!current) throw notFound();
      await tenantDb(tx, user.appId)
        .update(users)
        .set({
          firstName: input.firstName,
          lastName: input.lastName,
          // ADR 087: a new address waits for the confirmation sent to it; this keeps the confirmed one.
          email: await stageEmailChange(tx, tenant, auth, base, current, input.email),
          phone: input.phone,
          street: input.address.street,
          houseNumber: input.address.number,
          postalCode: input.address.postalCode,
          city: input.address.city,
          showContactData: input.privacy.showContactData,
          receiveEmails: input.privacy.receiveEmails,
          customQuestionAnswer: input.customQuestionAnswer || null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(users.id, user.id), eq(users.appId, user.appId)));
      await updateHousehold(
        tx,
        { appId: user.appId, userId: user.id, name: `${input.firstName} ${input.lastName}` },
        input.householdMembers,
      );
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_app_email')) throw emailTaken();
    throw err;
  }
  app.jobs.wake();
}

/** Changes the password after checking the current one; every other session is signed out. */
export async function changePassword(
  app: FastifyInstance,
  auth: RequestAuth,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const { user } = auth;
  const [row] = await tenantDb(app.db, user.appId)
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, user.id), eq(users.appId, user.appId)));
  if (!row || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw new HttpError(400, 'WRONG_PASSWORD', undefined, {
      currentPassword: 'Je huidige wachtwoord is onjuist.',
    });
  }
  assertPasswordAllowed(input.newPassword, 'newPassword');
  await tenantDb(app.db, user.appId)
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: sql`now()` })
    .where(eq(users.id, user.id));
  await revokeUserTokens(tenantDb(app.db, user.appId), user.id, auth.sessionId);
  await app.caches.usersChanged(user.appId, user.id);
}

export async function saveAvatar(app: FastifyInstance, user: AuthUser, data: Buffer, mime: ImageMime) {
  await tenantDb(app.db, user.appId)
    .insert(userAvatars)
    .values({ userId: user.id, appId: user.appId, data, mime })
    .onConflictDoUpdate({ target: userAvatars.userId, set: { data, mime, updatedAt: sql`now()` } });
}

export async function loadAvatar(app: FastifyInstance, user: AuthUser) {
  const [row] = await tenantDb(app.db, user.appId)
    .select({ data: userAvatars.data, mime: userAvatars.mime, updatedAt: userAvatars.updatedAt })
    .from(userAvatars)
    .where(and(eq(userAvatars.userId, user.id), eq(userAvatars.appId, user.appId)));
  if (!row) throw new HttpError(404, 'NOT_FOUND', 'Je hebt nog geen profielfoto.');
  return row;
}

/** A member's contact data, for whom may see it; ids of other apps are unknown here (404). */
export async function contactDataFor(
  app: FastifyInstance,
  viewer: AuthUser,
  id: number,
): Promise<ContactData> {
  const [target] = await tenantDb(app.db, viewer.appId)
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      street: users.street,
      houseNumber: users.houseNumber,
      postalCode: users.postalCode,
      city: users.city,
      showContactData: users.showContactData,
    })
    .from(users)
    .where(and(eq(users.id, id), eq(users.appId, viewer.appId)));
  if (!target) throw notFound();
  if (!maySeeContactData(viewer, target)) throw forbidden();
  return presentContactData(target);
}

export async function householdMembersOf(app: FastifyInstance, user: AuthUser) {
  return (await loadHousehold(app.db, user.appId, user.id)).members;
}

/** Approved, active members of the app seen in the last five minutes. */
export async function countOnlineMembers(app: FastifyInstance, appId: string): Promise<number> {
  const [row] = await tenantDb(app.db, appId)
    .select({ count: count() })
    .from(users)
    .where(
      and(
        eq(users.appId, appId),
        eq(users.isApproved, true),
        eq(users.isActive, true),
        gt(users.lastSeenAt, sql`now() - make_interval(mins => ${onlineWindowMinutes})`),
      ),
    );
  return Number(row?.count ?? 0);
}
