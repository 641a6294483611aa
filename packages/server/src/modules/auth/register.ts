import type { FastifyInstance } from 'fastify';
import { and, eq, or, sql } from 'drizzle-orm';
import type { registerBodySchema } from '@pluk/contract';
import type { z } from 'zod';
import { users } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { inTransaction } from '../../db/transaction.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { HttpError } from '../../lib/http-error.js';
import { hashPassword } from '../../lib/passwords.js';
import type { Tenant } from '../../types.js';
import { createHousehold } from '../user/household.js';

type RegisterInput = z.output<typeof registerBodySchema>;

const takenMessages = {
  username: 'Deze gebruikersnaam is al in gebruik.',
  email: 'Er bestaat al een account met dit e-mailadres.',
};

export const usernameTaken = () =>
  new HttpError(409, 'USERNAME_TAKEN', undefined, { username: takenMessages.username });
export const emailTaken = () => new HttpError(409, 'EMAIL_TAKEN', undefined, { email: takenMessages.email });

/** Whether a username is free in the app (case-insensitive). */
export async function isUsernameAvailable(app: FastifyInstance, appId: string, username: string) {
  const [row] = await tenantDb(app.db, appId)
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.appId, appId), sql`lower(${users.username}) = ${username.trim().toLowerCase()}`))
    .limit(1);
  return !row;
}

/** A new account waits on the waiting list: unapproved and inactive, with its household. */
export async function registerUser(app: FastifyInstance, tenant: Tenant, input: RegisterInput) {
  const existing = await tenantDb(app.db, tenant.appId)
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.appId, tenant.appId),
        or(
          sql`lower(${users.username}) = ${input.username.toLowerCase()}`,
          sql`lower(${users.email}) = ${input.email.toLowerCase()}`,
        ),
      ),
    );
  if (existing.some((u) => u.username.toLowerCase() === input.username.toLowerCase())) throw usernameTaken();
  if (existing.length > 0) throw emailTaken();

  const passwordHash = await hashPassword(input.password);
  try {
    return await inTransaction(app.db, async (tx) => {
      const [user] = await tenantDb(tx, tenant.appId)
        .insert(users)
        .values({
          appId: tenant.appId,
          username: input.username,
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          street: input.address.street,
          houseNumber: input.address.number,
          postalCode: input.address.postalCode,
          city: input.address.city,
          customQuestionAnswer: input.customQuestionAnswer || null,
          isApproved: false,
          isActive: false,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned nothing');
      await createHousehold(
        tx,
        { appId: tenant.appId, userId: user.id, name: `${input.firstName} ${input.lastName}` },
        input.householdMembers,
      );
      return { userId: user.id, status: 'waiting' as const };
    });
  } catch (err) {
    // Two registrations racing for the same name: the unique index decides.
    if (isUniqueViolation(err, 'users_app_username')) throw usernameTaken();
    if (isUniqueViolation(err, 'users_app_email')) throw emailTaken();
    throw err;
  }
}
