import type { FastifyInstance } from 'fastify';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { passwordResetTokens, users } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { inTransaction } from '../../db/transaction.js';
import { publicUrlOf } from '../../lib/public-url.js';
import { HttpError } from '../../lib/http-error.js';
import { assertPasswordAllowed } from '../../lib/password-policy.js';
import { hashPassword } from '../../lib/passwords.js';
import { hashToken } from '../../lib/tokens.js';
import type { Tenant } from '../../types.js';
import { revokeUserTokens } from './refresh-tokens.js';
import { findUserByLogin } from './sessions.js';
import { queuePasswordResetLink } from './account-mails.js';

/**
 * Sends a reset link when `value` names an account (username or e-mail) of the app; otherwise does
 * nothing. The caller answers the same either way, so nobody learns which accounts exist.
 */
export async function requestPasswordReset(
  app: FastifyInstance,
  tenant: Tenant,
  value: string,
): Promise<void> {
  const user = await findUserByLogin(app, tenant.appId, value);
  if (!user) return;
  const base = await publicUrlOf(app, tenant.appId);
  // The new link and its e-mail's job commit together (ADR 048).
  await inTransaction(app.db, (tx) => queuePasswordResetLink(tx, tenant, base, user));
  app.jobs.wake();
}

/** Whether a reset link is valid now (unused, unexpired, this user's); the rate limit lets such a link through. */
export async function isResetLinkValid(
  app: FastifyInstance,
  appId: string,
  input: { userId?: unknown; token?: unknown },
): Promise<boolean> {
  if (typeof input.userId !== 'number' || typeof input.token !== 'string' || !input.token) return false;
  const [row] = await tenantDb(app.db, appId)
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.appId, appId),
        eq(passwordResetTokens.tokenHash, hashToken(input.token)),
        eq(passwordResetTokens.userId, input.userId),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Sets a new password with a valid link (single use, one hour) and signs the user out everywhere. */
export async function resetPassword(
  app: FastifyInstance,
  tenant: Tenant,
  input: { userId: number; token: string; password: string },
): Promise<void> {
  // Before the link is used: a refused password leaves the link working for a better one.
  assertPasswordAllowed(input.password);
  const passwordHash = await hashPassword(input.password);
  const done = await inTransaction(app.db, async (tx) => {
    const claimed = await tenantDb(tx, tenant.appId)
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(input.token)),
          eq(passwordResetTokens.userId, input.userId),
          eq(passwordResetTokens.appId, tenant.appId),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: passwordResetTokens.id });
    if (claimed.length !== 1) return false;
    await tenantDb(tx, tenant.appId)
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(and(eq(users.id, input.userId), eq(users.appId, tenant.appId)));
    return true;
  });
  if (!done) throw new HttpError(400, 'RESET_TOKEN_INVALID');
  await revokeUserTokens(tenantDb(app.db, tenant.appId), input.userId);
  await app.caches.usersChanged(tenant.appId, input.userId);
}
