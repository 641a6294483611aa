import type { FastifyInstance } from 'fastify';
import { and, eq, or, sql } from 'drizzle-orm';
import type { RefreshResponse, TokenData } from '@pluk/contract';
import { users } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { inTransaction } from '../../db/transaction.js';
import { HttpError } from '../../lib/http-error.js';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords.js';
import type { Tenant } from '../../types.js';
import { claimRefreshToken, findRefreshToken, issueRefreshToken, revokeFamily } from './refresh-tokens.js';

/** Finds a user of the app by username or e-mail, case-insensitively. */
export async function findUserByLogin(app: FastifyInstance, appId: string, login: string) {
  const value = login.trim().toLowerCase();
  const [user] = await tenantDb(app.db, appId)
    .select({
      id: users.id,
      appId: users.appId,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      passwordHash: users.passwordHash,
      isApproved: users.isApproved,
      isActive: users.isActive,
    })
    .from(users)
    .where(
      and(
        eq(users.appId, appId),
        or(sql`lower(${users.username}) = ${value}`, sql`lower(${users.email}) = ${value}`),
      ),
    )
    .limit(1);
  return user ?? null;
}

/**
 * The id of the account a username or e-mail names in the app, or null. The rate limiter keys on it,
 * so guesses by username and by e-mail address draw from one bucket (ADR 023).
 */
export async function findUserIdByLogin(app: FastifyInstance, appId: string, login: string) {
  const value = login.trim().toLowerCase();
  const [user] = await tenantDb(app.db, appId)
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.appId, appId),
        or(sql`lower(${users.username}) = ${value}`, sql`lower(${users.email}) = ${value}`),
      ),
    )
    .limit(1);
  return user?.id ?? null;
}

/** A new session: a refresh-token family and an access token tied to it. */
export async function startSession(
  app: FastifyInstance,
  user: { id: number; appId: string },
): Promise<TokenData> {
  const { refreshToken, familyId } = await issueRefreshToken(
    app.db,
    { appId: user.appId, userId: user.id },
    app.config.refreshTokenTtlDays,
  );
  return { token: app.accessTokens.issue(user, familyId), refreshToken };
}

/** Approved once, then switched off by a manager (a new account waits inactive and unapproved). */
const isDeactivated = (user: { isApproved: boolean; isActive: boolean }) => user.isApproved && !user.isActive;

/** Login by username or e-mail. Unapproved users get tokens too: the web app shows them the waiting page. */
export async function login(
  app: FastifyInstance,
  tenant: Tenant,
  credentials: { username: string; password: string },
): Promise<TokenData> {
  const user = await findUserByLogin(app, tenant.appId, credentials.username);
  if (!user) {
    await verifyPassword(await dummyPasswordHash(), credentials.password);
    throw new HttpError(401, 'INVALID_CREDENTIALS');
  }
  if (!(await verifyPassword(user.passwordHash, credentials.password))) {
    throw new HttpError(401, 'INVALID_CREDENTIALS');
  }
  // A deactivated member gets no tokens; told so only after the right password.
  if (isDeactivated(user)) throw new HttpError(403, 'ACCOUNT_INACTIVE');
  return startSession(app, user);
}

const refreshErrors = {
  unknown: 'De aanmelding is niet (meer) geldig. Meld je opnieuw aan.',
  expired: 'De aanmelding is verlopen. Meld je opnieuw aan.',
  reused: 'Deze aanmelding werd al gebruikt en is om veiligheidsredenen ingetrokken. Meld je opnieuw aan.',
  inactive: 'Je account is niet actief. Neem contact op met de beheerders van je plukboerderij.',
};

/**
 * RefreshLogin: trades a refresh token for a new pair (rotation). Unknown, revoked, expired or used
 * tokens answer 200 with `errors`, as the web client expects; a used one also revokes its family.
 */
export async function refresh(
  app: FastifyInstance,
  tenant: Tenant,
  body: { token: string; refreshToken: string },
): Promise<RefreshResponse> {
  const row = await findRefreshToken(app.db, tenant.appId, body.refreshToken);
  if (!row || row.revokedAt) return { errors: [refreshErrors.unknown] };
  if (row.usedAt) {
    await revokeFamily(tenantDb(app.db, row.appId), row.familyId);
    await app.caches.usersChanged(row.appId, row.userId);
    app.log.warn({ userId: row.userId, familyId: row.familyId }, 'refresh token reused; family revoked');
    return { errors: [refreshErrors.reused] };
  }
  if (row.expiresAt.getTime() <= Date.now()) return { errors: [refreshErrors.expired] };
  // The expired access token, when it is one of ours, must belong to the same user.
  const previous = body.token ? app.accessTokens.verify(body.token, { ignoreExpiry: true }) : null;
  if (previous?.ok && previous.claims.sub !== row.userId) return { errors: [refreshErrors.unknown] };
  const [owner] = await tenantDb(app.db, row.appId)
    .select({ isApproved: users.isApproved, isActive: users.isActive })
    .from(users)
    .where(and(eq(users.id, row.userId), eq(users.appId, row.appId)));
  if (!owner || isDeactivated(owner)) return { errors: [refreshErrors.inactive] };
  // Claim and successor in one transaction (ADR 024): a concurrent use of the same token waits on the
  // claimed row until both are committed, so its family revocation also revokes the successor. Done
  // apart, the loser could revoke the family before the winner's new token existed, and that survived.
  const issued = await inTransaction(app.db, async (tx) => {
    if (!(await claimRefreshToken(tenantDb(tx, row.appId), row.id))) return null;
    return issueRefreshToken(
      tx,
      { appId: row.appId, userId: row.userId },
      app.config.refreshTokenTtlDays,
      row.familyId,
    );
  });
  if (!issued) {
    await revokeFamily(tenantDb(app.db, row.appId), row.familyId);
    await app.caches.usersChanged(row.appId, row.userId);
    return { errors: [refreshErrors.reused] };
  }
  return {
    token: app.accessTokens.issue({ id: row.userId, appId: row.appId }, row.familyId),
    refreshToken: issued.refreshToken,
  };
}

/** Logout ends the session: the refresh token's whole family. Unknown tokens are fine (204 regardless). */
export async function logout(app: FastifyInstance, tenant: Tenant, refreshToken: string | undefined) {
  if (!refreshToken) return;
  const row = await findRefreshToken(app.db, tenant.appId, refreshToken);
  if (!row) return;
  await revokeFamily(tenantDb(app.db, row.appId), row.familyId);
  // The session's access tokens stop at the very next request, not when the cached user expires.
  await app.caches.usersChanged(row.appId, row.userId);
}
