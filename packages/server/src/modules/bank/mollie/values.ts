/**
 * What Pluk and Mollie exchange besides HTTP: API keys, amounts and the webhook address. Pure functions,
 * no network; `gateway.ts` re-exports them.
 */

// ---------------------------------------------------------------------------------------------------
// API keys

const apiKeyPattern = /^(test|live)_[A-Za-z0-9]{30,}$/;

/** A Mollie API key: `test_` or `live_` followed by at least 30 letters and digits. */
export function isMollieApiKey(text: string): boolean {
  return apiKeyPattern.test(text);
}

/** Whether a key works on Mollie's test or live mode (read from its prefix, as Mollie does). */
export function mollieKeyMode(key: string): 'test' | 'live' {
  return key.startsWith('live_') ? 'live' : 'test';
}

const maskDots = '••••••••••••';

/**
 * A key as the settings screen may show it: the mode prefix, a fixed row of dots (so the length is
 * not told either) and the last 4 characters, e.g. `test_••••••••••••AbC1`. Text that is not a
 * Mollie key shows only dots.
 */
export function maskMollieApiKey(key: string): string {
  if (!isMollieApiKey(key)) return maskDots;
  return `${key.slice(0, 5)}${maskDots}${key.slice(-4)}`;
}

// ---------------------------------------------------------------------------------------------------
// Amounts

/** Integer cents as Mollie's amount value: 1250 → "12.50", 1 → "0.01", 123456 → "1234.56". */
export function centsToMollieAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError(`An amount in cents must be a whole number of at least 0, not ${cents}`);
  }
  const digits = String(cents).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

const amountValuePattern = /^(\d{1,15})(?:\.(\d{1,2}))?$/;

/** Mollie's amount value as integer cents ("12.50" → 1250, "12.5" → 1250, "12" → 1200); null when it is not one. */
export function mollieAmountToCents(value: string): number | null {
  const match = amountValuePattern.exec(value);
  if (!match) return null;
  const euros = Number(match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  const total = euros * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}

// ---------------------------------------------------------------------------------------------------
// Webhook

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    host === '0.0.0.0' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

/**
 * The webhook URL to give Mollie, or null: Mollie refuses a payment whose webhook it cannot reach in
 * live mode (a `localhost` address), so a live key gets none for a loopback host; the payment's status
 * is then read when the payer comes back. A test key keeps it (the stand-in calls it).
 */
export function mollieWebhookUrl(url: string, apiKey: string): string | null {
  if (mollieKeyMode(apiKey) === 'test') return url;
  try {
    return isLoopbackHost(new URL(url).hostname) ? null : url;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------
// Payment ids

/** Mollie's payment id, `tr_…`; the webhook's body and our own rows are checked against it. */
export const molliePaymentIdPattern = /^tr_[A-Za-z0-9]{1,64}$/;
