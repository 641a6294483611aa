import { createMollieClient, MollieApiError, type PaymentMethod } from '@mollie/api-client';
import { z } from 'zod';
import {
  centsToMollieAmount,
  isMollieApiKey,
  mollieAmountToCents,
  mollieKeyMode,
  molliePaymentIdPattern,
} from './values.js';

export {
  centsToMollieAmount,
  isMollieApiKey,
  maskMollieApiKey,
  mollieAmountToCents,
  mollieKeyMode,
  mollieWebhookUrl,
} from './values.js';

/**
 * Online payment through Mollie (decision 078): the outside-service layer the bank module
 * calls, on Mollie's official Node client (@mollie/api-client). What the client does that matters here:
 * - it speaks HTTPS only and trusts only the CA certificates bundled inside it (it sets them on its own
 *   `https.Agent` and ignores a `caCertificates` option), so a local stand-in needs a certificate and a
 *   test process that skips verification (`NODE_TLS_REJECT_UNAUTHORIZED=0`, decision 078);
 * - it retries an answer with a 5xx status up to 3 attempts in all, 2 s apart (or after the answer's
 *   `Retry-After`), with the same `Idempotency-Key`, so a create is never made twice;
 * - it cannot be aborted and has no timeout of its own. Every call is therefore raced against our own
 *   deadline (`timeoutMs`, default 10 s, the retries included): a hanging Mollie never hangs a request.
 *   The abandoned call ends when Mollie answers or the connection closes; its outcome is dropped.
 *
 * Amounts are integer cents in Pluk and strings with two decimals for Mollie ("12.50"), converted with
 * string and integer arithmetic only (`values.ts`). Failures are one of two errors:
 * - `MollieUnavailableError`: no answer in time, a network error, a 5xx (after the client's retries) or
 *   429, or an answer that is not what Mollie sends: try again later;
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

/** The payment methods Pluk offers (docs/product/money.md, "Online payment (Mollie)": Bancontact, cards). */
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

export interface CreateMollieRefundInput {
  paymentId: string;
  amountCents: number;
  description: string;
  /** Sent as `Idempotency-Key`: a retried refund is made once. */
  idempotencyKey: string;
}

export interface MollieRefund {
  /** Mollie's id, `re_…`. */
  id: string;
  status: string;
  amountCents: number;
}

export type MollieConnection =
  | { ok: true; mode: 'test' | 'live' }
  /** `refused`: Mollie (or we) refused the key; `unavailable`: Mollie could not be asked now. */
  | { ok: false; reason: 'refused' | 'unavailable'; message: string };

export interface MollieGateway {
  createPayment(input: CreateMolliePaymentInput): Promise<MolliePayment>;
  getPayment(id: string): Promise<MolliePayment>;
  /** `POST /v2/payments/{id}/refunds` (ADR 093): money back to the payer of a paid payment. */
  createRefund(input: CreateMollieRefundInput): Promise<MollieRefund>;
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

// ---------------------------------------------------------------------------------------------------
// Mollie's answers

/** The part of Mollie's payment object Pluk reads; anything else is ignored. */
const paymentSchema = z.object({
  id: z.string().regex(molliePaymentIdPattern),
  status: z.enum(molliePaymentStatuses),
  amount: z.object({ value: z.string(), currency: z.string().min(1) }),
  metadata: z.unknown().optional(),
  paidAt: z.string().nullish(),
  _links: z
    .object({ checkout: z.object({ href: z.string() }).nullish() })
    .partial()
    .nullish(),
});

const refundSchema = z.object({
  id: z.string().regex(/^re_\w+$/),
  status: z.string(),
  amount: z.object({ value: z.string(), currency: z.string().min(1) }),
});

function readRefund(answer: unknown): MollieRefund {
  const parsed = refundSchema.safeParse(answer);
  const amountCents = parsed.success ? mollieAmountToCents(parsed.data.amount.value) : null;
  if (!parsed.success || amountCents === null)
    throw new MollieUnavailableError('Mollie answered with something that is not a refund');
  return { id: parsed.data.id, status: parsed.data.status, amountCents };
}

function readPayment(answer: unknown): MolliePayment {
  const parsed = paymentSchema.safeParse(answer);
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

/**
 * The client's failure as one of ours. Its `MollieApiError` carries the `status` of Mollie's error body
 * (no status: the network failed or the answer was not JSON); anything else it throws is a failure to
 * ask Mollie at all.
 */
function translate(error: unknown): MollieUnavailableError | MollieRefusedError {
  if (error instanceof MollieUnavailableError || error instanceof MollieRefusedError) return error;
  if (error instanceof MollieApiError) {
    const status = typeof error.statusCode === 'number' ? error.statusCode : null;
    if (status !== null && status >= 400 && status < 500 && status !== 429) {
      return new MollieRefusedError(status, error.message, error.field ?? null);
    }
    if (status !== null) {
      return new MollieUnavailableError(`Mollie is unavailable (${status}): ${error.message}`, {
        status,
        cause: error,
      });
    }
  }
  return new MollieUnavailableError('Mollie could not be reached', { cause: error });
}

/**
 * `work` within `timeoutMs`, else `MollieUnavailableError`. The client cannot be aborted, so a call that
 * loses the race runs on; its late answer or failure is dropped (never an unhandled rejection).
 */
async function withinDeadline<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new MollieUnavailableError(`Mollie did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  work.catch(() => undefined);
  try {
    return await Promise.race([work, deadline]);
  } catch (error) {
    throw translate(error);
  } finally {
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------------------------------------------
// The gateway

export interface MollieGatewayOptions {
  apiKey: string;
  /** Mollie's API root, `https://api.mollie.com/v2` (the server's `MOLLIE_API_URL`). */
  apiUrl: string;
  /** How long one call may take, the client's retries included (default 10 s). */
  timeoutMs?: number;
}

export function createMollieGateway(options: MollieGatewayOptions): MollieGateway {
  const { apiKey } = options;
  const timeoutMs = options.timeoutMs ?? defaultMollieTimeoutMs;
  const keyIsValid = isMollieApiKey(apiKey);
  // The client refuses plain HTTP itself, with a message that names no setting: say which one.
  const speaksHttps = options.apiUrl.startsWith('https://');
  // A malformed key is refused here, as Mollie would: it never goes out (nor into a header).
  const client =
    keyIsValid && speaksHttps
      ? createMollieClient({ apiKey, apiEndpoint: `${options.apiUrl.replace(/\/+$/, '')}/` })
      : null;

  function mollie() {
    if (!keyIsValid) throw new MollieRefusedError(401, 'This is not a Mollie API key (test_… or live_…)');
    if (!client) {
      throw new MollieUnavailableError("Mollie's client speaks HTTPS only: MOLLIE_API_URL must be https://…");
    }
    return client;
  }

  return {
    async createPayment(input) {
      // Before anything goes out: a RangeError for what is not a whole number of cents.
      const value = centsToMollieAmount(input.amountCents);
      const api = mollie();
      const answer = await withinDeadline(
        api.payments.create({
          amount: { currency: 'EUR', value },
          description: input.description,
          redirectUrl: input.redirectUrl,
          ...(input.webhookUrl === null ? {} : { webhookUrl: input.webhookUrl }),
          ...(input.methods.length > 0 ? { method: [...input.methods] as PaymentMethod[] } : {}),
          metadata: input.metadata,
          idempotencyKey: input.idempotencyKey,
        }),
        timeoutMs,
      );
      return readPayment(answer);
    },

    async getPayment(id) {
      // The id may come from a webhook's body: anything but Mollie's own form is unknown, unasked.
      if (!molliePaymentIdPattern.test(id))
        throw new MollieRefusedError(404, 'No payment exists with this id');
      const api = mollie();
      return readPayment(await withinDeadline(api.payments.get(id), timeoutMs));
    },

    async createRefund(input) {
      if (!molliePaymentIdPattern.test(input.paymentId))
        throw new MollieRefusedError(404, 'No payment exists with this id');
      const api = mollie();
      const answer = await withinDeadline(
        api.paymentRefunds.create({
          paymentId: input.paymentId,
          amount: { currency: 'EUR', value: centsToMollieAmount(input.amountCents) },
          description: input.description,
          idempotencyKey: input.idempotencyKey,
        }),
        timeoutMs,
      );
      return readRefund(answer);
    },

    async checkConnection() {
      if (!keyIsValid) {
        return {
          ok: false,
          reason: 'refused',
          message: 'Dit is geen Mollie API-sleutel (test_… of live_…).',
        };
      }
      try {
        await withinDeadline(mollie().methods.list(), timeoutMs);
        return { ok: true, mode: mollieKeyMode(apiKey) };
      } catch (error) {
        if (error instanceof MollieRefusedError && error.status === 401) {
          return { ok: false, reason: 'refused', message: 'Mollie weigert deze API-sleutel.' };
        }
        if (error instanceof MollieRefusedError) {
          return {
            ok: false,
            reason: 'refused',
            message: `Mollie weigert de vraag (${error.status}): ${error.detail}`,
          };
        }
        return {
          ok: false,
          reason: 'unavailable',
          message: 'Mollie is niet bereikbaar. Probeer het later opnieuw.',
        };
      }
    },
  };
}
