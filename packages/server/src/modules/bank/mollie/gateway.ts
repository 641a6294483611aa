import { z } from 'zod';

/**
 * Online payment through Mollie (issue 10): the outside-service layer the bank module calls. It speaks
 * Mollie's v2 REST API (`POST /payments`, `GET /payments/{id}`, `GET /methods`) with Node's own fetch:
 * Mollie's official Node client (@mollie/api-client 4.x) sends every request through an `https.Agent`
 * that trusts only the certificates bundled inside it, so it cannot reach a local stand-in (plain
 * HTTP, or HTTPS with a certificate of our own), and the tests and browser journeys must run against
 * one (`MOLLIE_API_URL`, `test/helpers/mollie-stand-in.ts`). The client's 5xx retries with 2 s pauses
 * are left out too: a caller decides itself whether to try again.
 *
 * Amounts are integer cents in Pluk and strings with two decimals for Mollie ("12.50"), converted
 * with string and integer arithmetic only. Every call is bounded by `timeoutMs` (default 10 s), the
 * answer included. Failures are one of two errors:
 * - `MollieUnavailableError`: no answer in time, a network error, a 5xx or 429, or an answer that is
 *   not what Mollie sends: try again later;
 * - `MollieRefusedError`: a 4xx with Mollie's `status` and `detail` (401 a wrong API key, 404 an
 *   unknown payment, 422 an invalid amount, description or URL).
 * The API key never appears in an error message.
 */

export const molliePaymentStatuses = [
  'open',
  'pending',
  'authorized',
  'paid',
  'failed',
  'canceled',
  'expired',
] as const;
export type MolliePaymentStatus = (typeof molliePaymentStatuses)[number];

/** The payment methods Pluk offers (domain.md: Bancontact, cards). */
export type MollieMethod = 'bancontact' | 'creditcard';

export interface MolliePayment {
  /** Mollie's id, `tr_…`. */
  id: string;
  status: MolliePaymentStatus;
  amountCents: number;
  currency: string;
  /** Where the payer goes to pay; null once the payment is no longer open. */
  checkoutUrl: string | null;
  metadata: Record<string, unknown> | null;
  /** ISO 8601, set once paid. */
  paidAt: string | null;
}

export interface CreateMolliePaymentInput {
  amountCents: number;
  description: string;
  /** Where Mollie sends the payer back to, whatever the outcome. */
  redirectUrl: string;
  /** Where Mollie reports a status change; null sends none (see `mollieWebhookUrl`). */
  webhookUrl: string | null;
  /** Empty: the payer chooses among every method of the Mollie profile. */
  methods: MollieMethod[];
  metadata: Record<string, string>;
  /** Sent as `Idempotency-Key`: the same key gives back the same payment instead of a second one. */
  idempotencyKey: string;
}

export type MollieConnection = { ok: true; mode: 'test' | 'live' } | { ok: false; message: string };

export interface MollieGateway {
  createPayment(input: CreateMolliePaymentInput): Promise<MolliePayment>;
  getPayment(id: string): Promise<MolliePayment>;
  /** Checks the key works (GET the profile's payment methods); for the settings screen's connection state. Never throws. */
  checkConnection(): Promise<MollieConnection>;
}

/** Mollie could not be asked: no answer in time, a network error, a 5xx or 429, an unreadable answer. */
export class MollieUnavailableError extends Error {
  override name = 'MollieUnavailableError';
  /** The HTTP status when Mollie answered (5xx, 429), else null. */
  readonly status: number | null;
  constructor(message: string, options: { status?: number | null; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status ?? null;
  }
}

/** Mollie refused the request (4xx): a wrong API key (401), an unknown payment (404), invalid input (422). */
export class MollieRefusedError extends Error {
  override name = 'MollieRefusedError';
  readonly status: number;
  /** Mollie's own explanation (`detail`), in English. */
  readonly detail: string;
  /** The request field Mollie names, if any (`amount`, `redirectUrl`, …). */
  readonly field: string | null;
  constructor(status: number, detail: string, field: string | null = null) {
    super(`Mollie refused the request (${status}): ${detail}`);
    this.status = status;
    this.detail = detail;
    this.field = field;
  }
}

/** Mollie's live server. */
export const defaultMollieApiUrl = 'https://api.mollie.com/v2';
export const defaultMollieTimeoutMs = 10_000;
/** Answers larger than this are not Mollie's (a payment is a few kB). */
const maxAnswerBytes = 512 * 1024;

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
// Mollie's answers

const paymentIdPattern = /^tr_[A-Za-z0-9]{1,64}$/;

/** The part of Mollie's payment object Pluk reads; anything else is ignored. */
const paymentSchema = z.object({
  id: z.string().regex(paymentIdPattern),
  status: z.enum(molliePaymentStatuses),
  amount: z.object({ value: z.string(), currency: z.string().min(1) }),
  metadata: z.unknown().optional(),
  paidAt: z.string().nullish(),
  _links: z
    .object({ checkout: z.object({ href: z.string() }).nullish() })
    .partial()
    .nullish(),
});

/** Mollie's error object (RFC 7807 style). */
const errorSchema = z.object({
  status: z.number().optional(),
  title: z.string().optional(),
  detail: z.string().optional(),
  field: z.string().optional(),
});

function readPayment(body: unknown): MolliePayment {
  const parsed = paymentSchema.safeParse(body);
  if (!parsed.success)
    throw new MollieUnavailableError('Mollie answered with something that is not a payment');
  const payment = parsed.data;
  const amountCents = mollieAmountToCents(payment.amount.value);
  if (amountCents === null) throw new MollieUnavailableError('Mollie answered with an unreadable amount');
  const metadata = payment.metadata;
  return {
    id: payment.id,
    status: payment.status,
    amountCents,
    currency: payment.amount.currency,
    checkoutUrl: payment._links?.checkout?.href ?? null,
    metadata:
      typeof metadata === 'object' && metadata !== null && !Array.isArray(metadata)
        ? (metadata as Record<string, unknown>)
        : null,
    paidAt: payment.paidAt ?? null,
  };
}

/** The answer's text, abandoned as soon as it grows past `limit` bytes (as the weather service does). */
async function readLimited(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel();
    throw new MollieUnavailableError('Mollie answered with too much data');
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new MollieUnavailableError('Mollie answered with too much data');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------
// The gateway

export interface MollieGatewayOptions {
  apiKey: string;
  /** Mollie's API root, `https://api.mollie.com/v2` (the server's `MOLLIE_API_URL`). */
  apiUrl: string;
  /** How long one call may take, the answer included (default 10 s). */
  timeoutMs?: number;
}

export function createMollieGateway(options: MollieGatewayOptions): MollieGateway {
  const { apiKey } = options;
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? defaultMollieTimeoutMs;
  const keyIsValid = isMollieApiKey(apiKey);

  async function call(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string) {
    // A malformed key is refused here, as Mollie would: it never goes out (nor into a header).
    if (!keyIsValid) throw new MollieRefusedError(401, 'This is not a Mollie API key (test_… or live_…)');
    const headers: Record<string, string> = {
      authorization: `Bearer ${apiKey}`,
      accept: 'application/hal+json, application/json',
      'user-agent': 'Pluk',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;

    // One deadline for the whole exchange: connecting, the status line and reading the answer.
    const signal = AbortSignal.timeout(timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${apiUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
        redirect: 'error',
      });
      status = response.status;
      text = await readLimited(response, maxAnswerBytes);
    } catch (error) {
      if (error instanceof MollieUnavailableError) throw error;
      if (signal.aborted) {
        throw new MollieUnavailableError(`Mollie did not answer within ${timeoutMs} ms`, { cause: error });
      }
      throw new MollieUnavailableError('Mollie could not be reached', { cause: error });
    }

    if (status >= 200 && status < 300) {
      const json = parseJson(text);
      if (json === undefined)
        throw new MollieUnavailableError('Mollie answered with something that is not JSON');
      return json;
    }
    const problem = errorSchema.safeParse(parseJson(text));
    const detail = (problem.success && (problem.data.detail ?? problem.data.title)) || `HTTP ${status}`;
    if (status >= 500 || status === 429) {
      throw new MollieUnavailableError(`Mollie is unavailable (${status}): ${detail}`, { status });
    }
    if (status >= 400) {
      throw new MollieRefusedError(status, detail, (problem.success && problem.data.field) || null);
    }
    throw new MollieUnavailableError(`Mollie answered with HTTP ${status}`, { status });
  }

  return {
    async createPayment(input) {
      const body: Record<string, unknown> = {
        amount: { currency: 'EUR', value: centsToMollieAmount(input.amountCents) },
        description: input.description,
        redirectUrl: input.redirectUrl,
        metadata: input.metadata,
      };
      if (input.webhookUrl !== null) body.webhookUrl = input.webhookUrl;
      if (input.methods.length > 0) body.method = [...input.methods];
      return readPayment(await call('POST', '/payments', body, input.idempotencyKey));
    },

    async getPayment(id) {
      // The id may come from a webhook's body: anything but Mollie's own form is unknown, unasked.
      if (!paymentIdPattern.test(id)) throw new MollieRefusedError(404, 'No payment exists with this id');
      return readPayment(await call('GET', `/payments/${id}`));
    },

    async checkConnection() {
      if (!keyIsValid) return { ok: false, message: 'Dit is geen Mollie API-sleutel (test_… of live_…).' };
      try {
        await call('GET', '/methods');
        return { ok: true, mode: mollieKeyMode(apiKey) };
      } catch (error) {
        if (error instanceof MollieRefusedError && error.status === 401) {
          return { ok: false, message: 'Mollie weigert deze API-sleutel.' };
        }
        if (error instanceof MollieRefusedError) {
          return { ok: false, message: `Mollie weigert de vraag (${error.status}): ${error.detail}` };
        }
        return { ok: false, message: 'Mollie is niet bereikbaar. Probeer het later opnieuw.' };
      }
    },
  };
}
