import type { FastifyInstance } from 'fastify';
import { and, eq, or, sql } from 'drizzle-orm';
import type { registerBodySchema } from '@pluk/contract';
import type { z } from 'zod';
import { users } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { inTransaction } from '../../db/transaction.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { HttpError } from '../../lib/http-error.js';
import { assertPasswordAllowed } from '../../lib/password-policy.js';
import { hashPassword } from '../../lib/passwords.js';
import { publicUrlOf } from '../../lib/public-url.js';
import { enqueue } from '../../jobs/queue.js';
import { mailJob } from '../../mail/mail-job.js';
import type { MailRequest } from '../../mail/mailer.js';
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

/** One "someone registered with your address" e-mail per account and hour, however often it is tried. */
const existingAccountMailEveryMs = 60 * 60 * 1000;

/**
 * A new account waits on the waiting list: unapproved and inactive, with its household, and gets a
 * "registration received" e-mail. An e-mail address that already has an account gets the same answer
 * (nobody learns which addresses have accounts, ADR 054): no account is made, and the owner is told by
 * e-mail, with the link to ask for a new password. A taken username is still said: the form checks it
 * live, and a username is no address.
 */
export async function registerUser(
  app: FastifyInstance,
  tenant: Tenant,
  input: RegisterInput,
): Promise<{ status: 'waiting' }> {
  assertPasswordAllowed(input.password);
  const existing = await tenantDb(app.db, tenant.appId)
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
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
  // Hashed either way, so both answers take as long.
  const passwordHash = await hashPassword(input.password);
  const owner = existing[0];
  if (owner) {
    await tellOwner(app, tenant, owner);
    return { status: 'waiting' };
  }

  const base = await publicUrlOf(app, tenant.appId);
  try {
    await inTransaction(app.db, async (tx) => {
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
      const mail: MailRequest = {
        appId: tenant.appId,
        userId: user.id,
        to: input.email,
        template: 'registrationReceived',
        values: {
          appName: tenant.name,
          firstName: input.firstName,
          lastName: input.lastName,
          username: input.username,
          loginUrl: `${base}/login`,
        },
      };
      await enqueue(tx, [mailJob(mail, `registration:${tenant.appId}:${user.id}`)]);
    });
  } catch (err) {
    // Two registrations racing for the same name or address: the unique index decides.
    if (isUniqueViolation(err, 'users_app_username')) throw usernameTaken();
    if (!isUniqueViolation(err, 'users_app_email')) throw err;
    const [winner] = await tenantDb(app.db, tenant.appId)
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(users)
      .where(and(eq(users.appId, tenant.appId), sql`lower(${users.email}) = ${input.email.toLowerCase()}`));
    if (winner) await tellOwner(app, tenant, winner);
  }
  app.jobs.wake();
  return { status: 'waiting' };
}

/** E-mails the owner of an address someone tried to register with: at most once an hour (job key). */
async function tellOwner(
  app: FastifyInstance,
  tenant: Tenant,
  owner: { id: number; username: string; email: string; firstName: string; lastName: string },
): Promise<void> {
  const base = await publicUrlOf(app, tenant.appId);
  const hour = Math.floor(Date.now() / existingAccountMailEveryMs);
  const mail: MailRequest = {
    appId: tenant.appId,
    userId: owner.id,
    to: owner.email,
    template: 'registrationExistingAccount',
    values: {
      appName: tenant.name,
      firstName: owner.firstName,
      lastName: owner.lastName,
      username: owner.username,
      resetLink: `${base}/request-reset`,
    },
  };
  await enqueue(app.db, [mailJob(mail, `registration-existing:${tenant.appId}:${owner.id}:${hour}`)]);
  app.jobs.wake();
}
