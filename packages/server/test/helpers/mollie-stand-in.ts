import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  createServer as createHttpServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Server, Socket } from 'node:net';

/*
 * Plain `node` runs this file for the browser journeys (e2e/support/mollie-stand-in.ts): erasable
 * TypeScript only (no enums, no parameter properties) and no imports but Node's own.
 */

/**
 * The stand-in's TLS certificate (CN localhost, for 127.0.0.1 and localhost, valid for a century) and its
 * key: a test-only pair, committed on purpose (decision 078). Mollie's official client trusts only its
 * bundled CAs, so a process that talks to this stand-in runs with NODE_TLS_REJECT_UNAUTHORIZED=0.
 */
const fixtures = new URL('../fixtures/mollie-stand-in/', import.meta.url);
export const mollieStandInCertificate = {
  cert: readFileSync(new URL('cert.pem', fixtures)),
  key: readFileSync(new URL('key.pem', fixtures)),
};

/**
 * Lets this process reach the stand-in with Mollie's official client, which trusts only the CAs bundled
 * inside it: TLS certificates go unchecked (`NODE_TLS_REJECT_UNAUTHORIZED=0`, read by Node at every new
 * connection) until the returned function puts the setting back. Call it in the setup of a Mollie test
 * file only: vitest runs each file in its own process, so no other file is touched.
 */
export function skipTlsVerificationForStandIn(): () => void {
  const before = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  return () => {
    if (before === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = before;
  };
}

/** The API key the browser journeys' server uses; the e2e stand-in accepts only this one. */
export const e2eMollieApiKey = 'test_pluke2estandinkey000000000000000';

export type StandInPaymentStatus =
  'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';
const statuses: readonly StandInPaymentStatus[] = [
  'open',
  'pending',
  'authorized',
  'paid',
  'failed',
  'canceled',
  'expired',
];
const knownMethods = ['bancontact', 'creditcard', 'ideal', 'paypal', 'banktransfer', 'applepay'];

export interface StandInPayment {
  id: string;
  mode: 'test' | 'live';
  status: StandInPaymentStatus;
  amount: { currency: string; value: string };
  description: string;
  redirectUrl: string;
  webhookUrl: string | null;
  /** As sent: a method, a list of them, or null (the payer chooses). */
  method: string | string[] | null;
  metadata: unknown;
  idempotencyKey: string | null;
  createdAt: string;
  paidAt: string | null;
}

interface StoredPayment extends StandInPayment {
  /** The key that created it: another key does not see it (404). */
  apiKey: string;
}

/** A refund of a paid payment (`POST /v2/payments/{id}/refunds`), as Mollie keeps it. */
export interface StandInRefund {
  id: string;
  paymentId: string;
  amount: { currency: string; value: string };
  description: string;
  status: 'pending' | 'refunded';
  createdAt: string;
}

export interface StandInRequest {
  method: string;
  /** Path and query, e.g. `/v2/payments`. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The body as text ('' without one). */
  body: string;
}

export interface WebhookCall {
  paymentId: string;
  url: string;
  /** The answer's status, or null when the webhook could not be reached. */
  status: number | null;
}

/** What the next API call does instead of answering: an HTTP error, an unreadable 200, or no answer at all. */
export type StandInFailure = number | 'hang' | 'garbage';

export interface MollieStandInOptions {
  /** Keys Mollie knows; any other key is answered 401. Default: `e2eMollieApiKey`. */
  apiKeys?: string[];
  /** The plain-HTTP side (checkout pages, test controls, health). Default 0: a free port. */
  port?: number;
  /** The HTTPS side (the API, `/v2/…`). Default 0: a free port. */
  apiPort?: number;
  host?: string;
  /**
   * Sent as `Retry-After` with a 5xx or 429 the stand-in was told to answer. Unset (as Mollie mostly
   * does), Mollie's client waits 2 s before each of its retries; tests that need no wait say 0.
   */
  retryAfterSeconds?: number;
}

const documentation = (href: string) => ({ documentation: { href, type: 'text/html' } });

/**
 * A local stand-in for Mollie's v2 Payments API, enough for Pluk's gateway (`modules/bank/mollie`). Like
 * Mollie it has two sides: the API over HTTPS (`apiUrl`, as api.mollie.com; Mollie's client speaks
 * nothing else) and the payer's checkout pages over plain HTTP (`base`, as www.mollie.com, but without a
 * certificate a browser would stop at), where the test controls live too: only the API carries a key.
 * - `POST /v2/payments` checks the Bearer key, the amount, description, redirect and webhook URLs,
 *   methods and metadata (422 in Mollie's shape, naming the field), stores an `open` payment whose
 *   `_links.checkout.href` is this server's checkout page, and honours `Idempotency-Key` (the same key
 *   of the same API key gives back the same payment); a live key's loopback webhook is refused, as
 *   Mollie does;
 * - `POST /v2/payments/{id}/refunds` refunds a paid payment (at most what is left, `Idempotency-Key`
 *   honoured; 422 otherwise), kept for `refunds()` and `GET /stand-in/refunds` (ADR 093);
 * - `GET /v2/payments/{id}` (404 for an unknown id or another key's payment), `GET /v2/methods`;
 * - the checkout page `GET /checkout/{id}` with the buttons "Betalen", "Annuleren" and "Mislukt": the
 *   choice sets the status, calls the webhook (when there is one, and waits for it) and sends the
 *   browser to the payment's redirectUrl (303);
 * - for the journeys, which run in another process: `GET /stand-in/payments`, `POST
 *   /stand-in/payments/{id}/status` (`{ "status": "paid" }`), `POST /stand-in/fail-next`
 *   (`{ "failure": 503 | "hang" | "garbage", "times": 3 }`), `POST /stand-in/payments/{id}/webhook` and `GET /health`.
 */
export async function startMollieStandIn(options: MollieStandInOptions = {}) {
  const apiKeys = new Set(options.apiKeys ?? [e2eMollieApiKey]);
  const stored = new Map<string, StoredPayment>();
  const byIdempotencyKey = new Map<string, string>();
  const refunds = new Map<string, StandInRefund>();
  const refundByIdempotencyKey = new Map<string, string>();
  const requests: StandInRequest[] = [];
  const webhookCalls: WebhookCall[] = [];
  const failures: StandInFailure[] = [];
  const sockets = new Set<Socket>();
  let base = '';
  let apiBase = '';

  const send = (response: ServerResponse, status: number, body: unknown, type = 'application/hal+json') => {
    response.statusCode = status;
    response.setHeader('content-type', type);
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const problem = (response: ServerResponse, status: number, title: string, detail: string, field?: string) =>
    send(response, status, {
      status,
      title,
      detail,
      ...(field ? { field } : {}),
      _links: documentation('https://docs.mollie.com/overview/handling-errors'),
    });
  const unprocessable = (response: ServerResponse, field: string, detail: string) =>
    problem(response, 422, 'Unprocessable Entity', detail, field);

  const present = (payment: StoredPayment) => {
    const links: Record<string, { href: string; type: string }> = {
      self: { href: `${apiBase}/v2/payments/${payment.id}`, type: 'application/hal+json' },
      dashboard: { href: `${base}/dashboard/payments/${payment.id}`, type: 'text/html' },
      ...documentation('https://docs.mollie.com/reference/get-payment'),
    };
    // Mollie shows the checkout link only while the payment can still be paid.
    if (payment.status === 'open')
      links.checkout = { href: `${base}/checkout/${payment.id}`, type: 'text/html' };
    return {
      resource: 'payment',
      id: payment.id,
      mode: payment.mode,
      createdAt: payment.createdAt,
      amount: payment.amount,
      description: payment.description,
      method: Array.isArray(payment.method) ? null : payment.method,
      metadata: payment.metadata ?? null,
      status: payment.status,
      isCancelable: false,
      expiresAt: new Date(Date.parse(payment.createdAt) + 15 * 60_000).toISOString(),
      ...(payment.paidAt ? { paidAt: payment.paidAt } : {}),
      profileId: 'pfl_standin',
      sequenceType: 'oneoff',
      redirectUrl: payment.redirectUrl,
      ...(payment.webhookUrl ? { webhookUrl: payment.webhookUrl } : {}),
      _links: links,
    };
  };

  const publicCopy = (payment: StoredPayment): StandInPayment => {
    const { apiKey: _apiKey, ...rest } = payment;
    return structuredClone(rest);
  };

  function setStatus(id: string, status: StandInPaymentStatus): void {
    const payment = stored.get(id);
    if (!payment) throw new Error(`The Mollie stand-in has no payment ${id}`);
    if (!statuses.includes(status)) throw new Error(`Not a Mollie payment status: ${status}`);
    payment.status = status;
    payment.paidAt = status === 'paid' ? new Date().toISOString() : null;
  }

  /** POSTs `id=<paymentId>` form-encoded to the payment's webhook, as Mollie does; the answer's status. */
  async function callWebhook(id: string): Promise<number> {
    const payment = stored.get(id);
    if (!payment) throw new Error(`The Mollie stand-in has no payment ${id}`);
    if (!payment.webhookUrl) throw new Error(`Payment ${id} has no webhook`);
    const call: WebhookCall = { paymentId: id, url: payment.webhookUrl, status: null };
    webhookCalls.push(call);
    const response = await fetch(payment.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Mollie stand-in' },
      body: new URLSearchParams({ id }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    call.status = response.status;
    return response.status;
  }

  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      request.on('error', reject);
    });

  const parseJson = (text: string): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  };

  const isHttpUrl = (value: unknown): value is string => {
    if (typeof value !== 'string' || !URL.canParse(value)) return false;
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  };
  const isLoopback = (value: string) => {
    const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || host.startsWith('127.');
  };

  /** The Bearer key, when Mollie knows it; else the 401 has been sent. */
  function authorize(request: IncomingMessage, response: ServerResponse): string | null {
    const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
    if (match && apiKeys.has(match[1] as string)) return match[1] as string;
    send(response, 401, {
      status: 401,
      title: 'Unauthorized Request',
      detail: 'Missing authentication, or failed to authenticate',
      _links: documentation('https://docs.mollie.com/overview/authentication'),
    });
    return null;
  }

  function createPayment(apiKey: string, request: IncomingMessage, body: string, response: ServerResponse) {
    const input = parseJson(body);
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      return problem(response, 400, 'Bad Request', 'The JSON body is invalid');
    }
    const data = input as Record<string, unknown>;
    const idempotencyKey = request.headers['idempotency-key'];
    const idempotencyIndex = typeof idempotencyKey === 'string' ? `${apiKey}\n${idempotencyKey}` : null;
    const earlier = idempotencyIndex ? byIdempotencyKey.get(idempotencyIndex) : undefined;
    if (earlier) return send(response, 201, present(stored.get(earlier) as StoredPayment));

    const amount = data.amount as { currency?: unknown; value?: unknown } | undefined;
    if (typeof amount !== 'object' || amount === null)
      return unprocessable(response, 'amount', 'The amount is required');
    if (amount.currency !== 'EUR')
      return unprocessable(response, 'amount.currency', 'The currency is not supported');
    if (typeof amount.value !== 'string' || !/^\d+\.\d{2}$/.test(amount.value)) {
      return unprocessable(response, 'amount.value', 'The amount contains an invalid value');
    }
    if (amount.value === '0.00' || /^0+\.00$/.test(amount.value)) {
      return unprocessable(response, 'amount', 'The amount is lower than minimum');
    }
    if (typeof data.description !== 'string' || data.description.trim() === '') {
      return unprocessable(response, 'description', 'The description is invalid');
    }
    if (data.description.length > 255) {
      return unprocessable(response, 'description', 'The description is too long');
    }
    if (!isHttpUrl(data.redirectUrl)) {
      return unprocessable(response, 'redirectUrl', 'The redirect URL is invalid');
    }
    const webhookUrl = data.webhookUrl ?? null;
    if (webhookUrl !== null && !isHttpUrl(webhookUrl)) {
      return unprocessable(response, 'webhookUrl', 'The webhook URL is invalid');
    }
    const mode = apiKey.startsWith('live_') ? 'live' : 'test';
    if (webhookUrl !== null && mode === 'live' && isLoopback(webhookUrl)) {
      return unprocessable(
        response,
        'webhookUrl',
        "The webhook URL is invalid because it is unreachable from Mollie's point of view",
      );
    }
    const method = data.method ?? null;
    const methods = method === null ? [] : Array.isArray(method) ? method : [method];
    if (methods.some((m) => typeof m !== 'string' || !knownMethods.includes(m))) {
      return unprocessable(response, 'method', 'The payment method is invalid');
    }
    if (data.metadata !== undefined && JSON.stringify(data.metadata).length > 1024) {
      return unprocessable(response, 'metadata', 'The metadata is too large');
    }

    const payment: StoredPayment = {
      id: `tr_${randomBytes(8).toString('hex')}`,
      apiKey,
      mode,
      status: 'open',
      amount: { currency: amount.currency, value: amount.value },
      description: data.description,
      redirectUrl: data.redirectUrl,
      webhookUrl,
      method: method as string | string[] | null,
      metadata: data.metadata ?? null,
      idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : null,
      createdAt: new Date().toISOString(),
      paidAt: null,
    };
    stored.set(payment.id, payment);
    if (idempotencyIndex) byIdempotencyKey.set(idempotencyIndex, payment.id);
    return send(response, 201, present(payment));
  }

  const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const euros = (value: string) => `€ ${value.replace('.', ',')}`;

  function checkoutPage(payment: StoredPayment): string {
    const button = (status: string, label: string) =>
      `<form method="post" action="/checkout/${payment.id}">` +
      `<input type="hidden" name="status" value="${status}"><button type="submit">${label}</button></form>`;
    return `<!doctype html>
<html lang="nl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Betalen | Mollie (stand-in)</title></head>
<body>
<main>
<h1>Betalen</h1>
<p>${escapeHtml(payment.description)}</p>
<p>Bedrag: <strong>${escapeHtml(euros(payment.amount.value))}</strong></p>
${button('paid', 'Betalen')}
${button('canceled', 'Annuleren')}
${button('failed', 'Mislukt')}
</main>
</body>
</html>
`;
  }

  async function checkout(request: IncomingMessage, body: string, response: ServerResponse, id: string) {
    const payment = stored.get(id);
    if (!payment) return send(response, 404, 'Deze betaling bestaat niet.', 'text/plain; charset=utf-8');
    if (request.method === 'GET') {
      // A payment no longer open cannot be paid again: back to the shop, as Mollie does.
      if (payment.status !== 'open') return redirect(response, payment.redirectUrl);
      return send(response, 200, checkoutPage(payment), 'text/html; charset=utf-8');
    }
    const chosen = new URLSearchParams(body).get('status');
    if (payment.status === 'open' && (chosen === 'paid' || chosen === 'canceled' || chosen === 'failed')) {
      setStatus(id, chosen);
      if (payment.webhookUrl) await callWebhook(id).catch(() => undefined);
    }
    return redirect(response, payment.redirectUrl);
  }

  const redirect = (response: ServerResponse, location: string) => {
    response.statusCode = 303;
    response.setHeader('location', location);
    response.end();
  };

  async function control(request: IncomingMessage, body: string, response: ServerResponse, path: string) {
    const input = (parseJson(body) ?? {}) as Record<string, unknown>;
    if (request.method === 'GET' && path === '/stand-in/refunds') {
      return send(response, 200, [...refunds.values()], 'application/json');
    }
    if (request.method === 'GET' && path === '/stand-in/payments') {
      return send(response, 200, [...stored.values()].map(publicCopy), 'application/json');
    }
    if (request.method === 'POST' && path === '/stand-in/fail-next') {
      const failure = input.failure;
      const times = input.times ?? 1;
      const validTimes = typeof times === 'number' && Number.isInteger(times) && times >= 1 && times <= 100;
      if ((typeof failure === 'number' || failure === 'hang' || failure === 'garbage') && validTimes) {
        failNext(failure, times);
        return send(response, 204, '');
      }
      return send(
        response,
        400,
        { error: 'failure: a status code, "hang" or "garbage"; times: 1 to 100 (default 1)' },
        'application/json',
      );
    }
    const match = /^\/stand-in\/payments\/([^/]+)\/(status|webhook)$/.exec(path);
    if (request.method === 'POST' && match) {
      const id = match[1] as string;
      if (!stored.has(id)) return send(response, 404, { error: 'unknown payment' }, 'application/json');
      if (match[2] === 'status') {
        if (!statuses.includes(input.status as StandInPaymentStatus)) {
          return send(response, 400, { error: 'not a payment status' }, 'application/json');
        }
        setStatus(id, input.status as StandInPaymentStatus);
        return send(response, 204, '');
      }
      const status = await callWebhook(id).catch(() => null);
      return send(response, 200, { status }, 'application/json');
    }
    return send(response, 404, { error: 'not found' }, 'application/json');
  }

  /** The plain-HTTP side: the payer's checkout pages and the journeys' controls. */
  async function handleWeb(request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request);
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    if (path === '/health') return send(response, 200, 'ok', 'text/plain');
    const checkoutMatch = /^\/checkout\/([^/]+)$/.exec(path);
    if (checkoutMatch) return checkout(request, body, response, checkoutMatch[1] as string);
    if (path.startsWith('/stand-in/')) return control(request, body, response, path);
    return problem(response, 404, 'Not Found', `The API is served over HTTPS: ${apiBase}/v2`);
  }

  /** The HTTPS side: Mollie's v2 API. */
  const presentRefund = (refund: StandInRefund) => ({
    resource: 'refund',
    ...refund,
    _links: {
      self: {
        href: `${apiBase}/v2/payments/${refund.paymentId}/refunds/${refund.id}`,
        type: 'application/hal+json',
      },
      payment: { href: `${apiBase}/v2/payments/${refund.paymentId}`, type: 'application/hal+json' },
      ...documentation('https://docs.mollie.com/reference/create-refund'),
    },
  });

  /**
   * Mollie's refund of a paid payment: only a paid payment, in its currency, at most what was not
   * refunded yet; the same `Idempotency-Key` gives back the same refund.
   */
  function createRefund(
    apiKey: string,
    request: IncomingMessage,
    body: string,
    response: ServerResponse,
    paymentId: string,
  ) {
    const payment = stored.get(paymentId);
    if (!payment || payment.apiKey !== apiKey) {
      return problem(response, 404, 'Not Found', `No payment exists with token ${paymentId}.`);
    }
    const idempotencyKey = request.headers['idempotency-key'];
    const idempotencyIndex = typeof idempotencyKey === 'string' ? `${apiKey}\n${idempotencyKey}` : null;
    const earlier = idempotencyIndex ? refundByIdempotencyKey.get(idempotencyIndex) : undefined;
    if (earlier) return send(response, 201, presentRefund(refunds.get(earlier) as StandInRefund));
    const input = parseJson(body) as {
      amount?: { currency?: unknown; value?: unknown };
      description?: unknown;
    };
    if (payment.status !== 'paid') {
      return unprocessable(response, 'payment', 'The payment cannot be refunded: it is not paid');
    }
    const amount = input?.amount;
    if (typeof amount?.value !== 'string' || !/^\d+\.\d{2}$/.test(amount.value)) {
      return unprocessable(response, 'amount.value', 'The amount contains an invalid value');
    }
    if (amount.currency !== payment.amount.currency) {
      return unprocessable(response, 'amount.currency', 'The currency does not match the payment');
    }
    const cents = (value: string) => Math.round(Number(value) * 100);
    const refunded = [...refunds.values()]
      .filter((r) => r.paymentId === paymentId)
      .reduce((sum, r) => sum + cents(r.amount.value), 0);
    if (cents(amount.value) + refunded > cents(payment.amount.value)) {
      return unprocessable(response, 'amount', 'The amount is higher than the amount that can be refunded');
    }
    const refund: StandInRefund = {
      id: `re_${randomBytes(6).toString('hex')}`,
      paymentId,
      amount: { currency: amount.currency, value: amount.value },
      description: typeof input.description === 'string' ? input.description : '',
      status: 'pending',
      createdAt: new Date().toISOString(),
    };
    refunds.set(refund.id, refund);
    if (idempotencyIndex) refundByIdempotencyKey.set(idempotencyIndex, refund.id);
    return send(response, 201, presentRefund(refund));
  }

  async function handleApi(request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'https://stand-in');
    const path = url.pathname;
    if (path === '/health') return send(response, 200, 'ok', 'text/plain');

    requests.push({
      method: request.method ?? 'GET',
      path: `${path}${url.search}`,
      headers: request.headers,
      body,
    });
    const failure = failures.shift();
    if (failure === 'hang') return; // no answer, until the client gives up or the stand-in closes
    if (failure === 'garbage') return send(response, 200, '{"resource": "payment", "id": [}');
    if (typeof failure === 'number') {
      if ((failure >= 500 || failure === 429) && options.retryAfterSeconds !== undefined) {
        response.setHeader('retry-after', String(options.retryAfterSeconds));
      }
      return problem(
        response,
        failure,
        failure >= 500 ? 'Service Unavailable' : 'Error',
        'The stand-in was told to fail',
      );
    }

    const apiKey = authorize(request, response);
    if (apiKey === null) return;
    if (request.method === 'POST' && path === '/v2/payments')
      return createPayment(apiKey, request, body, response);
    const refundMatch = /^\/v2\/payments\/([^/]+)\/refunds$/.exec(path);
    if (request.method === 'POST' && refundMatch)
      return createRefund(apiKey, request, body, response, refundMatch[1] as string);
    const paymentMatch = /^\/v2\/payments\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && paymentMatch) {
      const payment = stored.get(paymentMatch[1] as string);
      if (!payment || payment.apiKey !== apiKey) {
        return problem(response, 404, 'Not Found', `No payment exists with token ${paymentMatch[1]}.`);
      }
      return send(response, 200, present(payment));
    }
    if (request.method === 'GET' && path === '/v2/methods') {
      const methods = [
        { id: 'bancontact', description: 'Bancontact' },
        { id: 'creditcard', description: 'Card' },
      ].map((m) => ({
        resource: 'method',
        ...m,
        minimumAmount: { value: '0.02', currency: 'EUR' },
        maximumAmount: { value: '50000.00', currency: 'EUR' },
        image: {
          size1x: `${base}/${m.id}.png`,
          size2x: `${base}/${m.id}@2x.png`,
          svg: `${base}/${m.id}.svg`,
        },
        status: 'activated',
        _links: { self: { href: `${base}/v2/methods/${m.id}`, type: 'application/hal+json' } },
      }));
      return send(response, 200, {
        count: methods.length,
        _embedded: { methods },
        _links: {
          self: { href: `${base}/v2/methods`, type: 'application/hal+json' },
          ...documentation('https://docs.mollie.com/reference/list-methods'),
        },
      });
    }
    return problem(response, 404, 'Not Found', 'The resource does not exist');
  }

  const serve =
    (handler: (request: IncomingMessage, response: ServerResponse) => Promise<void>) =>
    (request: IncomingMessage, response: ServerResponse) => {
      handler(request, response).catch((error: unknown) => {
        if (!response.headersSent) problem(response, 500, 'Internal Server Error', String(error));
      });
    };
  const web = createHttpServer(serve(handleWeb));
  const api = createHttpsServer(mollieStandInCertificate, serve(handleApi));
  const host = options.host ?? '127.0.0.1';
  const listen = async (server: Server, port: number): Promise<number> => {
    server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    return (server.address() as AddressInfo).port;
  };
  const port = await listen(web, options.port ?? 0);
  const apiPort = await listen(api, options.apiPort ?? 0);
  base = `http://127.0.0.1:${port}`;
  apiBase = `https://127.0.0.1:${apiPort}`;

  function failNext(failure: StandInFailure, times = 1): void {
    for (let i = 0; i < times; i += 1) failures.push(failure);
  }

  return {
    /** The plain-HTTP side's port (checkout pages, controls). */
    port,
    /** The HTTPS side's port (the API). */
    apiPort,
    /** The root to give Pluk as `MOLLIE_API_URL`: `https://127.0.0.1:<apiPort>/v2`. */
    apiUrl: `${apiBase}/v2`,
    /** The plain-HTTP side's address (checkout pages and controls live under it). */
    base,
    /** Every API call (`/v2/…`), in order. */
    requests,
    /** Every webhook the stand-in called. */
    webhookCalls,
    /** The stored payments, as copies. */
    payments: (): StandInPayment[] => [...stored.values()].map(publicCopy),
    payment: (id: string): StandInPayment | undefined => {
      const payment = stored.get(id);
      return payment ? publicCopy(payment) : undefined;
    },
    /** The refunds made, as copies. */
    refunds: (): StandInRefund[] => [...refunds.values()].map((r) => structuredClone(r)),
    /** From now on this key is one Mollie knows. */
    addApiKey: (key: string) => apiKeys.add(key),
    setStatus,
    callWebhook,
    /**
     * The next `times` API calls (default 1) answer this HTTP status (Mollie's error shape), an
     * unreadable 200, or hang. Mollie's client makes 3 attempts at a 5xx: fail 3 to fail one call.
     */
    failNext,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all(
        [web, api].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
      );
    },
  };
}

export type MollieStandIn = Awaited<ReturnType<typeof startMollieStandIn>>;
