/**
 * The payment this tab is paying online, kept in sessionStorage while the browser is at Mollie: when
 * Mollie sends it back to `/paymentReturn` without an id, the return page still knows which one. Only
 * the unguessable public id is kept, and only in this tab; a failed start clears it
 * (docs/product/money.md, "Online payment (Mollie)").
 */
const storageKey = 'pluk_pending_payment';

/** The same shape as the contract's public id (32 base64url characters): anything else is not ours. */
export const publicIdPattern = /^[A-Za-z0-9_-]{32}$/;

export function isPublicId(value: string | undefined | null): value is string {
  return typeof value === 'string' && publicIdPattern.test(value);
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage turned off (private mode in some browsers): paying still works with the id in the URL.
    return null;
  }
}

export function rememberPendingPayment(publicId: string): void {
  try {
    storage()?.setItem(storageKey, publicId);
  } catch {
    // Full or refused: the return URL carries the id as well.
  }
}

export function pendingPayment(): string | null {
  const value = storage()?.getItem(storageKey) ?? null;
  return isPublicId(value) ? value : null;
}

export function forgetPendingPayment(): void {
  storage()?.removeItem(storageKey);
}
