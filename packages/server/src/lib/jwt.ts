import { createHmac, timingSafeEqual } from 'node:crypto';

/** The claims of an access token: the user, the app it is valid for, and its lifetime. */
export interface AccessClaims {
  sub: number;
  app: string;
  /** The session (refresh-token family) the token was issued in; lets "sign out other sessions" spare this one. */
  sid?: string;
  iat: number;
  exp: number;
}

const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function sign(input: string, secret: string): string {
  return createHmac('sha256', secret).update(input).digest('base64url');
}

/** Signs an HS256 JWT. Small and dependency-free: we only ever need HS256 with our own claims. */
export function signJwt(claims: AccessClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const input = `${header}.${payload}`;
  return `${input}.${sign(input, secret)}`;
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'invalid' | 'expired' };

/** Verifies signature, shape and (unless `ignoreExpiry`) expiry of an HS256 JWT. */
export function verifyJwt(
  token: string,
  secret: string,
  options: { now?: number; ignoreExpiry?: boolean } = {},
): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'invalid' };
  const [head, payload, signature] = parts as [string, string, string];
  if (head !== header) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(sign(`${head}.${payload}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: 'invalid' };
  }
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (!isClaims(claims)) return { ok: false, reason: 'invalid' };
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (!options.ignoreExpiry && claims.exp <= now) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

function isClaims(value: unknown): value is AccessClaims {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return (
    Number.isInteger(c.sub) &&
    typeof c.app === 'string' &&
    typeof c.iat === 'number' &&
    typeof c.exp === 'number' &&
    (c.sid === undefined || typeof c.sid === 'string')
  );
}
