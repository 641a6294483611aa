import { createHash, randomBytes } from 'node:crypto';

/** A random, URL-safe secret (refresh tokens, reset links). 32 bytes = 256 bits. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored hashed: a leaked database row cannot be replayed. SHA-256 suffices for random secrets. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
