import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { passwordResetTokens } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { enqueue } from '../../jobs/queue.js';
import { publicUrlOf } from '../../lib/public-url.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import { mailJob } from '../../mail/mail-job.js';
import type { MailRequest } from '../../mail/mailer.js';
import type { Tenant } from '../../types.js';

/** What an account e-mail needs to know of its member. */
export interface MailedUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  username: string;
}

/** A password-reset link lives an hour. */
export const resetLinkTtlMs = 60 * 60 * 1000;

/** The links an account e-mail points at, read once per request (the farm's public address). */
export async function accountMailLinks(app: FastifyInstance, appId: string) {
  const base = await publicUrlOf(app, appId);
  return { base, loginUrl: `${base}/login` };
}

/**
 * Queues the welcome e-mail for each user in the caller's transaction (ADR 048), one job per member.
 * `occasion` names why it is sent and goes into the idempotency key, so the same occasion never mails a
 * member twice (the approval's time, or a manager's "send again" of one farm day).
 */
export async function queueWelcomeEmails(
  tx: Transaction,
  tenant: Tenant,
  loginUrl: string,
  recipients: readonly MailedUser[],
  occasion: (user: MailedUser) => string,
): Promise<number> {
  const jobs = recipients.map((user) => {
    const mail: MailRequest = {
      appId: tenant.appId,
      userId: user.id,
      to: user.email,
      template: 'welcome',
      values: {
        appName: tenant.name,
        firstName: user.firstName,
        lastName: user.lastName,
        username: user.username,
        loginUrl,
      },
    };
    return mailJob(mail, `welcome:${tenant.appId}:${user.id}:${occasion(user)}`);
  });
  return jobs.length === 0 ? 0 : enqueue(tx, jobs);
}

/**
 * Makes a new password-reset link for the user and queues its e-mail in the caller's transaction. A new
 * link replaces older ones: only the latest e-mail works. The member's password itself is unchanged
 * until the link is used (the member's own "forgot password" and a manager's reset share this).
 */
export async function queuePasswordResetLink(
  tx: Transaction,
  tenant: Tenant,
  base: string,
  user: MailedUser,
): Promise<void> {
  const token = randomToken();
  const farm = tenantDb(tx, tenant.appId);
  await farm
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
  const [link] = await farm
    .insert(passwordResetTokens)
    .values({
      appId: tenant.appId,
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + resetLinkTtlMs),
    })
    .returning({ id: passwordResetTokens.id });
  const mail: MailRequest = {
    appId: tenant.appId,
    userId: user.id,
    to: user.email,
    template: 'passwordReset',
    values: {
      appName: tenant.name,
      firstName: user.firstName,
      lastName: user.lastName,
      username: user.username,
      resetLink: `${base}/auth/passwordReset/${token}/${user.id}`,
    },
    loggedValues: { resetLink: `${base}/auth/passwordReset/[verborgen]/${user.id}` },
  };
  // A reset link lives an hour: a mail still not sent by then is useless, so fewer, quicker attempts.
  await enqueue(tx, [{ ...mailJob(mail, `password-reset:${tenant.appId}:${link!.id}`), maxAttempts: 4 }]);
}
