import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { refreshTokens } from '../../db/schema/index.js';
import { tenantDb, type TenantDb } from '../../db/tenant.js';
import { hashToken, randomToken } from '../../lib/tokens.js';

const dayMs = 24 * 3600 * 1000;

/** The database or a transaction on it. */
export type Executor = Database | Transaction;

/** Stores a new refresh token (hashed) in a family, a new family when none is given. */
export async function issueRefreshToken(
  db: Executor,
  owner: { appId: string; userId: number },
  ttlDays: number,
  familyId: string = randomUUID(),
): Promise<{ refreshToken: string; familyId: string }> {
  const refreshToken = randomToken();
  await tenantDb(db, owner.appId)
    .insert(refreshTokens)
    .values({
      appId: owner.appId,
      userId: owner.userId,
      tokenHash: hashToken(refreshToken),
      familyId,
      expiresAt: new Date(Date.now() + ttlDays * dayMs),
    });
  return { refreshToken, familyId };
}

export async function findRefreshToken(db: Database, appId: string, refreshToken: string) {
  const [row] = await tenantDb(db, appId)
    .select()
    .from(refreshTokens)
    .where(and(eq(refreshTokens.tokenHash, hashToken(refreshToken)), eq(refreshTokens.appId, appId)));
  return row ?? null;
}

/**
 * Marks a token used, only if nobody else did first: of two concurrent uses exactly one wins; the
 * other is then a reuse.
 */
export async function claimRefreshToken(farm: TenantDb, id: number): Promise<boolean> {
  const claimed = await farm
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return claimed.length === 1;
}

export async function revokeFamily(farm: TenantDb, familyId: string): Promise<void> {
  await farm
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Signs the user out everywhere, or everywhere but the session `exceptFamily`. */
export async function revokeUserTokens(
  farm: TenantDb,
  userId: number,
  exceptFamily?: string | null,
): Promise<void> {
  const conditions = [eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)];
  if (exceptFamily) conditions.push(ne(refreshTokens.familyId, exceptFamily));
  await farm
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(...conditions));
}
