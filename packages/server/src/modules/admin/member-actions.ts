import type { FastifyInstance } from 'fastify';
import { and, eq, gt, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { MemberMailResult } from '@pluk/contract';
import type { Transaction } from '../../db/client.js';
import { passwordResetTokens, users } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { inTransaction } from '../../db/transaction.js';
import type { RequestAuth, Tenant } from '../../types.js';
import { audit } from '../audit.js';
import { farmToday } from '../bank/transactions/dates.js';
import { accountMailLinks, queuePasswordResetLink, queueWelcomeEmails } from '../auth/account-mails.js';
import { userRolesSubquery } from '../user/account.js';
import { accountAboveYoursMessage, mayActOn } from '../users/policy.js';

/**
 * The members a bulk account mail goes to: active, approved, not anonymised, with an address; locked
 * `for update` in the caller's transaction, so two clicks at once take turns.
 */
async function lockMembers(tx: Transaction, appId: string, except: readonly number[] = []) {
  return tenantDb(tx, appId)
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      roles: userRolesSubquery,
    })
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        eq(users.isApproved, true),
        isNull(users.anonymizedAt),
        ne(users.email, ''),
        except.length > 0 ? notInArray(users.id, [...except]) : undefined,
      ),
    )
    .orderBy(users.id)
    .for('update');
}

/**
 * The rule of ADR 086 per account: the members the caller may act on, and a refusal with its reason for
 * every other one (an Admin passes every role, so in practice nobody is refused).
 */
function splitByRule(auth: RequestAuth, members: Awaited<ReturnType<typeof lockMembers>>) {
  const allowed = members.filter((member) => mayActOn(auth.user, member));
  const refused = members
    .filter((member) => !mayActOn(auth.user, member))
    .map((member) => ({ userId: member.id, reason: accountAboveYoursMessage }));
  return { allowed, refused };
}

const withRefused = (result: { queued: number; skipped: number }, refused: MemberMailResult['refused']) =>
  refused && refused.length > 0 ? { ...result, refused } : result;

/**
 * `GET Admin/AdminAction/ReSendWelcomeEmails`: the welcome e-mail again to every member, one job each
 * keyed by the farm day (`resend:<day>`), so a second click that day mails nobody twice.
 */
export async function resendWelcomeEmails(
  app: FastifyInstance,
  tenant: Tenant,
  auth: RequestAuth,
): Promise<MemberMailResult> {
  const { loginUrl } = await accountMailLinks(app, tenant.appId);
  const day = farmToday();
  const result = await inTransaction(app.db, async (tx) => {
    const members = await lockMembers(tx, tenant.appId);
    const { allowed, refused } = splitByRule(auth, members);
    const queued = await queueWelcomeEmails(tx, tenant, loginUrl, allowed, () => `resend:${day}`);
    await audit(tx, tenant.appId, auth, 'admin.resendWelcomeEmails', { queued, refused: refused.length });
    return withRefused({ queued, skipped: members.length - queued }, refused);
  });
  app.jobs.wake();
  return result;
}

/**
 * `GET Admin/AdminAction/ResetAllPasswords`: a password-reset link to every member but the Admin asking
 * (decision 084). Like a member's own request, the current password keeps working until a new one is
 * chosen, so a member who reads the mail after its link expired is not locked out. A member whose link
 * still works is skipped: a second click within the hour mails nobody twice.
 */
export async function resetAllPasswords(
  app: FastifyInstance,
  tenant: Tenant,
  auth: RequestAuth,
): Promise<MemberMailResult> {
  const { base } = await accountMailLinks(app, tenant.appId);
  const actors = [auth.user.id, ...(auth.impersonatedBy === null ? [] : [auth.impersonatedBy])];
  const result = await inTransaction(app.db, async (tx) => {
    const locked = await lockMembers(tx, tenant.appId, actors);
    const { allowed: members, refused } = splitByRule(auth, locked);
    const ids = members.map((member) => member.id);
    const pending =
      ids.length === 0
        ? []
        : await tenantDb(tx, tenant.appId)
            .selectDistinct({ userId: passwordResetTokens.userId })
            .from(passwordResetTokens)
            .where(
              and(
                inArray(passwordResetTokens.userId, ids),
                isNull(passwordResetTokens.usedAt),
                gt(passwordResetTokens.expiresAt, sql`now()`),
              ),
            );
    const hasLink = new Set(pending.map((row) => row.userId));
    const due = members.filter((member) => !hasLink.has(member.id));
    for (const member of due) await queuePasswordResetLink(tx, tenant, base, member);
    await audit(tx, tenant.appId, auth, 'admin.resetAllPasswords', {
      queued: due.length,
      refused: refused.length,
    });
    return withRefused({ queued: due.length, skipped: locked.length - due.length }, refused);
  });
  app.jobs.wake();
  return result;
}
