import type { FastifyInstance } from 'fastify';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { auditLog, emailChanges, users } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { inTransaction } from '../../db/transaction.js';
import { enqueue } from '../../jobs/queue.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { publicUrlOf } from '../../lib/public-url.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import { mailJob } from '../../mail/mail-job.js';
import type { MailRequest } from '../../mail/mailer.js';
import type { RequestAuth, Tenant } from '../../types.js';
import { audit } from '../audit.js';
import type { MailedUser } from './account-mails.js';
import { emailTaken } from './register.js';

/**
 * E-mail changes are confirmed by the new address's owner before they count (ADR 087). A new address given
 * by a manager (`applicationManager/user/update`) or by the member (`User/update`) is not written to
 * `users.email`: it waits in `email_changes` while a link goes to the new address and a notice to the old
 * one. `users.email` — where password-reset links go — only ever holds a confirmed address.
 */

/** A confirmation link lives 48 hours. */
export const emailChangeTtlMs = 48 * 60 * 60 * 1000;

/**
 * The new address as the old one is told it: the first character of the local part, then `***`, and the
 * domain (`n***@voorbeeld.be`), enough for the owner to recognise it, not to read it.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.charAt(0)}***${email.slice(at)}`;
}

/** The pending address of the `users` row in the same query (null when none or expired). */
export const pendingEmailSubquery = sql<
  string | null
>`(select ec.new_email from email_changes ec where ec.app_id = "users"."app_id" and ec.user_id = "users"."id" and ec.expires_at > now())`;

/** The links an e-mail change points at, read before the transaction (the farm's public address). */
export async function emailChangeBase(app: FastifyInstance, appId: string): Promise<string> {
  return publicUrlOf(app, appId);
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Stages a new e-mail address for `user` in the caller's transaction (ADR 087) and answers what the caller
 * writes to `users.email`: `undefined` (nothing) for a real change, which waits for confirmation, or the
 * given text for a change of letter case only (the same mailbox). The same address as the pending one
 * (a profile saved again) keeps that change and mails nobody again; another address replaces it, and the
 * new link (new address) and the notice (old address) are queued, one job each.
 */
export async function stageEmailChange(
  tx: Transaction,
  tenant: Tenant,
  auth: RequestAuth,
  base: string,
  user: MailedUser,
  newEmail: string | undefined,
): Promise<string | undefined> {
  if (newEmail === undefined) return undefined;
  if (sameAddress(newEmail, user.email)) return newEmail === user.email ? undefined : newEmail;
  const farm = tenantDb(tx, tenant.appId);
  const [open] = await farm
    .select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.appId, tenant.appId),
        eq(emailChanges.userId, user.id),
        gt(emailChanges.expiresAt, sql`now()`),
      ),
    )
    .for('update');
  if (open && sameAddress(open.newEmail, newEmail)) return undefined;

  const token = randomToken();
  const tokenHash = hashToken(token);
  const requestedByUserId = auth.impersonatedBy ?? auth.user.id;
  const values = {
    newEmail,
    tokenHash,
    expiresAt: new Date(Date.now() + emailChangeTtlMs),
    requestedByUserId,
    createdAt: sql`now()`,
  };
  // One open change per account: a new request replaces the old one (and its link stops working).
  await farm
    .insert(emailChanges)
    .values({ appId: tenant.appId, userId: user.id, ...values })
    .onConflictDoUpdate({ target: [emailChanges.appId, emailChanges.userId], set: values });

  const common = {
    appName: tenant.name,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
  };
  const confirm: MailRequest = {
    appId: tenant.appId,
    userId: user.id,
    to: newEmail,
    template: 'emailChangeConfirm',
    values: { ...common, newEmail, confirmLink: `${base}/confirm-email?token=${token}` },
    loggedValues: { confirmLink: `${base}/confirm-email?token=[verborgen]` },
  };
  const notice: MailRequest = {
    appId: tenant.appId,
    userId: user.id,
    to: user.email,
    template: 'emailChangeNotice',
    values: { ...common, maskedEmail: maskEmail(newEmail) },
  };
  // The key names this change (its token's hash, not the token): one e-mail per recipient and change.
  const change = `email-change:${tenant.appId}:${user.id}:${tokenHash.slice(0, 24)}`;
  await enqueue(tx, [mailJob(confirm, `${change}:new`), mailJob(notice, `${change}:old`)]);
  await audit(tx, tenant.appId, auth, 'user.email-change.request', { userId: user.id });
  return undefined;
}

/** Whether a confirmation link is valid now (this farm's, unexpired); the rate limit lets such a link through. */
export async function isEmailChangeLinkValid(
  app: FastifyInstance,
  appId: string,
  input: { token?: unknown },
): Promise<boolean> {
  if (typeof input.token !== 'string' || !input.token) return false;
  const [row] = await tenantDb(app.db, appId)
    .select({ userId: emailChanges.userId })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.appId, appId),
        eq(emailChanges.tokenHash, hashToken(input.token)),
        gt(emailChanges.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

const invalidLink = () => new HttpError(400, 'EMAIL_CHANGE_TOKEN_INVALID');

/**
 * `auth/confirmEmail`: the link's owner confirms; the account's e-mail becomes the new address and the
 * change is gone (a link works once). An unknown, used, expired or other farm's link is one 400 that says
 * nothing about accounts. An address another account took meanwhile is 409 and ends the change.
 * Sessions stay: the member is not signed out by confirming.
 */
export async function confirmEmailChange(
  app: FastifyInstance,
  tenant: Tenant,
  token: string,
): Promise<{ email: string }> {
  const outcome = await inTransaction(app.db, async (tx) => {
    const farm = tenantDb(tx, tenant.appId);
    // Deleting the change claims the link: of two confirmations at once, one gets the row.
    const [change] = await farm
      .delete(emailChanges)
      .where(
        and(
          eq(emailChanges.appId, tenant.appId),
          eq(emailChanges.tokenHash, hashToken(token)),
          gt(emailChanges.expiresAt, sql`now()`),
        ),
      )
      .returning({
        userId: emailChanges.userId,
        newEmail: emailChanges.newEmail,
        requestedByUserId: emailChanges.requestedByUserId,
      });
    if (!change) return { kind: 'invalid' as const };
    const [taken] = await farm
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.appId, tenant.appId),
          ne(users.id, change.userId),
          sql`lower(${users.email}) = ${change.newEmail.toLowerCase()}`,
        ),
      )
      .limit(1);
    // The change ends either way (committed): it can never succeed while that account has the address.
    if (taken) return { kind: 'taken' as const };
    const [updated] = await farm
      .update(users)
      .set({ email: change.newEmail, updatedAt: sql`now()` })
      .where(
        and(eq(users.id, change.userId), eq(users.appId, tenant.appId), sql`${users.anonymizedAt} is null`),
      )
      .returning({ id: users.id });
    if (!updated) return { kind: 'invalid' as const };
    await farm.insert(auditLog).values({
      appId: tenant.appId,
      actorUserId: change.userId,
      impersonatedUserId: null,
      action: 'user.email-change.confirm',
      details: { userId: change.userId, requestedByUserId: change.requestedByUserId },
    });
    return { kind: 'confirmed' as const, email: change.newEmail, userId: change.userId };
  }).catch((err: unknown) => {
    // A race with another account taking the address between the check and the write.
    if (isUniqueViolation(err, 'users_app_email')) return { kind: 'race' as const };
    throw err;
  });
  if (outcome.kind === 'invalid') throw invalidLink();
  if (outcome.kind === 'taken' || outcome.kind === 'race') throw emailTaken();
  await app.caches.usersChanged(tenant.appId, outcome.userId);
  return { email: outcome.email };
}

/**
 * Cancels a pending change (the member's own, or a manager's for a member of the farm); the address stays
 * as it is and the link stops working. Nothing pending is no error (a second click).
 */
export async function cancelEmailChange(
  db: Database,
  tenant: Tenant,
  auth: RequestAuth,
  userId: number,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [user] = await tenantDb(tx, tenant.appId)
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.appId, tenant.appId), sql`${users.anonymizedAt} is null`));
    if (!user) throw notFound();
    const removed = await tenantDb(tx, tenant.appId)
      .delete(emailChanges)
      .where(and(eq(emailChanges.appId, tenant.appId), eq(emailChanges.userId, userId)))
      .returning({ userId: emailChanges.userId });
    if (removed.length > 0) await audit(tx, tenant.appId, auth, 'user.email-change.cancel', { userId });
  });
}
