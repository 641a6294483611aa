import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { serverSecrets } from '../../db/schema/index.js';
import { signJwt, verifyJwt, type VerifyResult } from '../../lib/jwt.js';
import { randomToken } from '../../lib/tokens.js';

/** Issues and checks the short-lived access tokens (HS256 JWT) of one server. */
export class AccessTokens {
  constructor(
    private readonly secret: string,
    readonly ttlSeconds: number,
  ) {}

  issue(
    user: { id: number; appId: string },
    sessionId?: string,
    now = Math.floor(Date.now() / 1000),
  ): string {
    return signJwt(
      { sub: user.id, app: user.appId, sid: sessionId, iat: now, exp: now + this.ttlSeconds },
      this.secret,
    );
  }

  verify(token: string, options?: { ignoreExpiry?: boolean }): VerifyResult {
    return verifyJwt(token, this.secret, options);
  }
}

/**
 * The signing secret: JWT_SECRET when set, else one generated on first start and kept in the
 * `server_secrets` table, so tokens survive restarts on PGlite and PostgreSQL alike (ADR 012).
 */
export async function resolveJwtSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(serverSecrets)
    .values({ key: 'jwt_secret', value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.key, 'jwt_secret'));
  if (!row) throw new Error('Could not read the JWT secret from server_secrets');
  return row.value;
}
