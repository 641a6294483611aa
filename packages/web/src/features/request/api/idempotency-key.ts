/**
 * One key per money-moving action (ADR 058): the same key is sent again when the member retries, so the
 * server pays nothing twice. `crypto.randomUUID` exists only in secure contexts (https, localhost);
 * elsewhere the key is built from `getRandomValues`.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
