import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteDef } from '@pluk/contract';
import type { DatabaseHandle } from '../db/client.js';
import { HttpError } from '../lib/http-error.js';
import { isEmailChangeLinkValid } from '../modules/auth/email-change.js';
import { isResetLinkValid } from '../modules/auth/password-reset.js';
import { findUserIdByLogin } from '../modules/auth/sessions.js';
import { PostgresFailureStore } from './credential-failure-store.js';
import {
  clientKey,
  CredentialFailures,
  LocalFailureStore,
  type FailureStore,
} from './credential-failures.js';
import { PostgresRateLimitStore } from './rate-limit-store.js';

const minute = 60_000;
const window = 15 * minute;

/**
 * How each rate-limited route is guarded besides the per-client limit (ADR 047):
 * - `credential`: the route checks a secret of one account; failed attempts count per account and
 *   client, and (with `attack`) an account under a distributed attack refuses every attempt.
 * - `mail`: the route e-mails an account; every request counts per account, from all clients together.
 * - none (register): the per-client limit alone.
 */
type Guard = { kind: 'credential'; attack: boolean; failed: (status: number, payload: unknown) => boolean };
type ResetGuard = {
  kind: 'reset';
  /** The count of failed links per client, over all accounts of the farm. */
  bucket: string;
  /** A valid link always gets through. */
  valid: (app: FastifyInstance, appId: string, body: object) => Promise<boolean>;
  failed: (status: number) => boolean;
};
const guards: Record<string, Guard | ResetGuard | { kind: 'mail' } | { kind: 'feed' } | undefined> = {
  // A wrong password (401); validation errors never reach the check.
  'auth/login': { kind: 'credential', attack: true, failed: (status) => status === 401 },
  // A wrong, used or expired reset link (400) counts per client over all accounts, never per user id
  // (ids are sequential: anybody could name one); a valid link always gets through. The link is 256
  // random bits: not guessable, still bounded.
  'auth/resetpassword': {
    kind: 'reset',
    bucket: 'reset-links',
    valid: isResetLinkValid,
    failed: (status) => status >= 400,
  },
  // The e-mail confirmation link (ADR 087) is guarded the same way, with a count of its own.
  'auth/confirmemail': {
    kind: 'reset',
    bucket: 'email-change-links',
    valid: isEmailChangeLinkValid,
    failed: (status) => status >= 400,
  },
  // An unknown, revoked, expired or reused refresh token answers 200 with `errors`.
  'auth/refreshlogin': {
    kind: 'credential',
    attack: false,
    failed: (status, payload) =>
      status >= 400 || (typeof payload === 'string' && payload.includes('"errors"')),
  },
  'auth/requestreset/:value': { kind: 'mail' },
  // The calendar feed (decision 100): a count per client of its own, never the login's, since one
  // calendar service fetches the feeds of many members from one address. Its secret is 256 random bits.
  'calendar/:file': { kind: 'feed' },
};

interface InFlight {
  account: string;
  client: string;
  guard: Guard | ResetGuard;
}

/**
 * Login, register, RefreshLogin and password reset: every call counts against the client IP (per
 * minute, all those routes together); failed credential attempts count per account and client, and
 * reset e-mails per account (ADR 015, 023, 047).
 */
export async function registerRateLimits(
  app: FastifyInstance,
  database: Pick<DatabaseHandle, 'db' | 'kind'>,
): Promise<void> {
  // On PostgreSQL every process counts in one table, the failed attempts too (ADR 099); the embedded
  // database is one process and counts in memory.
  const store = database.kind === 'postgres' ? sharedStore(database.db) : undefined;
  await app.register(rateLimit, { global: false, ...(store ? { store } : {}) });
  const { authPerMinute, accountPer15Minutes, accountAttackPer15Minutes, feedPerMinute } =
    app.config.rateLimit;
  const feedPerClient = app.createRateLimit({
    max: feedPerMinute,
    timeWindow: minute,
    keyGenerator: (request) => `feed|${request.tenantApp?.appId ?? '-'}|${clientKey(request.ip)}`,
  });
  const perClient = app.createRateLimit({
    max: authPerMinute,
    timeWindow: minute,
    // Each limiter names its keys: with the shared store they live in one table.
    keyGenerator: (request) => `client|${request.tenantApp?.appId ?? '-'}|${clientKey(request.ip)}`,
  });
  const mailPerAccount = app.createRateLimit({
    max: accountPer15Minutes,
    timeWindow: window,
    keyGenerator: (request) => `mail|${inFlightAccount.get(request) ?? '-'}`,
  });
  const inFlightAccount = new WeakMap<FastifyRequest, string>();
  const limits = {
    perClient: accountPer15Minutes,
    attack: accountAttackPer15Minutes,
    attackClients: 3,
    windowMs: window,
  };
  const failures: FailureStore =
    database.kind === 'postgres'
      ? new PostgresFailureStore(database.db, limits)
      : new LocalFailureStore(new CredentialFailures(limits));
  const inFlight = new WeakMap<FastifyRequest, InFlight>();
  const tokenSubject = (token: string) => {
    const verified = app.accessTokens.verify(token, { ignoreExpiry: true });
    return verified.ok ? verified.claims.sub : null;
  };

  /**
   * The account a request aims at. A name or e-mail of an existing account becomes its id, so its
   * username and e-mail share one count (ADR 023); an unknown name keeps its own.
   */
  async function accountOf(request: FastifyRequest, appId: string): Promise<string> {
    const input = { ...(request.params as object), ...(request.body as object) } as Record<string, unknown>;
    for (const field of ['username', 'value']) {
      const value = input[field];
      if (typeof value !== 'string' || !value.trim()) continue;
      const userId = await findUserIdByLogin(app, appId, value);
      return `${appId}|${userId === null ? `name:${value.trim().toLowerCase()}` : `user:${userId}`}`;
    }
    if (typeof input.userId === 'number') return `${appId}|user:${input.userId}`;
    const sub = typeof input.token === 'string' && input.token ? tokenSubject(input.token) : null;
    return `${appId}|${sub === null ? 'unnamed' : `user:${sub}`}`;
  }

  function reject(reply: FastifyReply, ttlInSeconds: number): never {
    reply.header('retry-after', String(ttlInSeconds));
    throw new HttpError(429, 'RATE_LIMITED');
  }

  const guardRequest = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const route = request.routeOptions.config.route;
    if (!route?.rateLimited) return;
    const guard = guards[route.path.toLowerCase()];
    if (guard?.kind === 'feed') {
      const fetches = await feedPerClient(request);
      if (!fetches.isAllowed && fetches.isExceeded) reject(reply, fetches.ttlInSeconds);
      return;
    }
    const client = await perClient(request);
    if (!client.isAllowed && client.isExceeded) reject(reply, client.ttlInSeconds);
    if (!guard) return;
    const account = await accountOf(request, request.tenantApp?.appId ?? '-');
    if (guard.kind === 'mail') {
      inFlightAccount.set(request, account);
      const limited = await mailPerAccount(request);
      if (!limited.isAllowed && limited.isExceeded) reject(reply, limited.ttlInSeconds);
      return;
    }
    const from = clientKey(request.ip);
    if (guard.kind === 'reset') {
      const appId = request.tenantApp?.appId ?? '-';
      const resets = `${appId}|${guard.bucket}`;
      const verdict = await failures.tryAttempt(resets, from, false);
      if (!verdict.allowed) {
        if (!(await guard.valid(app, appId, (request.body ?? {}) as object))) {
          reject(reply, verdict.retryAfterSeconds);
        }
        // A valid link gets through a closed count; counted like any attempt, refunded when it succeeds.
        await failures.attempt(resets, from);
      }
      inFlight.set(request, { account: resets, client: from, guard });
      return;
    }
    const verdict = await failures.tryAttempt(account, from, guard.attack);
    if (!verdict.allowed) {
      if (verdict.reason === 'attack') request.log.warn({ account }, 'login refused: account under attack');
      reject(reply, verdict.retryAfterSeconds);
    }
    inFlight.set(request, { account, client: from, guard });
  };

  // The outcome decides: a success refunds the attempt, a failure keeps it counted.
  const settle = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const attempt = inFlight.get(request);
    if (!attempt) return payload;
    inFlight.delete(request);
    if (attempt.guard.failed(reply.statusCode, payload)) return payload;
    // A used reset link takes back only its own attempt: it does not wipe that client's failed guesses.
    if (attempt.guard.kind === 'reset') await failures.refund(attempt.account, attempt.client);
    else await failures.succeeded(attempt.account, attempt.client);
    return payload;
  };

  // Only the rate-limited routes get these hooks: every other request skips them (ADR 046).
  app.addHook('onRoute', (route) => {
    if (!(route.config as { route?: RouteDef } | undefined)?.route?.rateLimited) return;
    route.preHandler = [...hooksOf(route.preHandler), guardRequest] as typeof route.preHandler;
    route.onSend = [...hooksOf(route.onSend), settle] as typeof route.onSend;
  });
}

/** A route's own hooks of one kind as a list (Fastify takes none, one or a list). */
const hooksOf = (hooks: unknown): unknown[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/** @fastify/rate-limit makes its store with `new`; this class hands it the shared one. */
function sharedStore(db: DatabaseHandle['db']) {
  const shared = new PostgresRateLimitStore(db);
  return class {
    constructor() {
      return shared;
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
