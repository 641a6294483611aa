import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { serverSecrets } from '../../db/schema/index.js';
import { signJwt, verifyJwt, type AccessClaims, type VerifyResult } from '../../lib/jwt.js';
import { randomToken } from '../../lib/tokens.js';

/** How many verified tokens `verify` remembers (about 200 bytes each). */
const verifiedTokensKept = 10_000;

/** Issues and checks the short-lived access tokens (HS256 JWT) of one server. */
export class AccessTokens {
  /**
   * Tokens whose signature and shape were checked, by their whole text, because every
   * authenticated request checked its token's HMAC again, about 13 µs of a 200 µs request. The key is
   * the signed text itself, so only a token this server signed can be found; expiry is still checked on
   * every call, and revocation never lived here (the session checks do it).
   */
  private readonly verified = new Map<string, AccessClaims>();

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

  verify(token: string, options: { ignoreExpiry?: boolean } = {}): VerifyResult {
    const known = this.verified.get(token);
    if (known) {
      if (!options.ignoreExpiry && known.exp <= Math.floor(Date.now() / 1000)) {
        return { ok: false, reason: 'expired' };
      }
      return { ok: true, claims: known };
    }
    const result = verifyJwt(token, this.secret, { ignoreExpiry: true });
    if (!result.ok) return result;
    if (this.verified.size >= verifiedTokensKept) {
      // The oldest entry (a Map keeps insertion order): a token that old has mostly expired anyway.
      this.verified.delete(this.verified.keys().next().value!);
    }
    this.verified.set(token, result.claims);
    if (!options.ignoreExpiry && result.claims.exp <= Math.floor(Date.now() / 1000)) {
      return { ok: false, reason: 'expired' };
    }
    return result;
  }
}

/** Where the generated signing secret lives when JWT_SECRET is not set: outside the database (ADR 055). */
export const jwtSecretFile = (dataDir: string) => join(dataDir, 'secrets', 'jwt-secret');

/**
 * The signing secret (ADR 055): JWT_SECRET when set (required with NODE_ENV=production, see config.ts);
 * else one generated on first start and kept in `DATA_DIR/secrets/jwt-secret` (file 0600, folder 0700),
 * so a leaked database backup cannot mint tokens. A secret an older version kept in `server_secrets`
 * (ADR 012) moves to the file, so sessions survive the upgrade, and its row is deleted.
 */
export async function resolveJwtSecret(
  db: Database,
  settings: { jwtSecret?: string; dataDir: string },
): Promise<string> {
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.key, 'jwt_secret'));
  if (settings.jwtSecret) {
    if (row) await db.delete(serverSecrets).where(eq(serverSecrets.key, 'jwt_secret'));
    return settings.jwtSecret;
  }
  const file = jwtSecretFile(settings.dataDir);
  let secret = await readSecretFile(file);
  if (secret === null) {
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    try {
      // `wx`: two processes starting at once keep the first one's secret.
      await writeFile(file, `${row?.value ?? randomToken(48)}\n`, { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    secret = await readSecretFile(file);
    if (secret === null) throw new Error(`Could not read the JWT secret from ${file}`);
  }
  // Tighten what an older copy or a restore left loose.
  await chmod(dirname(file), 0o700);
  await chmod(file, 0o600);
  if (row) await db.delete(serverSecrets).where(eq(serverSecrets.key, 'jwt_secret'));
  return secret;
}

async function readSecretFile(file: string): Promise<string | null> {
  try {
    const text = (await readFile(file, 'utf8')).trim();
    return text.length >= 32 ? text : null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
