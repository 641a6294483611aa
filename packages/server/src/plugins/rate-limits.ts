import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error.js';
import { hashToken } from '../lib/tokens.js';
import { findUserIdByLogin } from '../modules/auth/sessions.js';

const minute = 60_000;

/**
 * The keys a credential-guessing attacker would aim at: the accounts, names, e-mails and user ids in the
 * request. Read generically from the validated body/params so every rate-limited route gets them. A name
 * or e-mail of an existing account becomes that account's id, so its username and its e-mail address
 * share one bucket (ADR 023); unknown names keep their own.
 */
async function accountKeys(
  request: FastifyRequest,
  verifyTokenSubject: (token: string) => number | null,
  userIdByLogin: (login: string) => Promise<number | null>,
): Promise<string[]> {
  const input = { ...(request.params as object), ...(request.body as object) } as Record<string, unknown>;
  const keys = new Set<string>();
  for (const field of ['username', 'email', 'value']) {
    const value = input[field];
    if (typeof value !== 'string' || !value.trim()) continue;
    const userId = await userIdByLogin(value);
    keys.add(userId === null ? `name:${value.trim().toLowerCase()}` : `user:${userId}`);
  }
  if (typeof input.userId === 'number') keys.add(`user:${input.userId}`);
  if (typeof input.token === 'string') {
    const sub = verifyTokenSubject(input.token);
    if (sub !== null) keys.add(`user:${sub}`);
  }
  if (keys.size === 0 && typeof input.refreshToken === 'string') {
    keys.add(`refresh:${hashToken(input.refreshToken)}`);
  }
  return [...keys];
}

/**
 * Login, register, RefreshLogin and password reset are limited per client IP (per minute) and per
 * account (per 15 minutes), so neither one address nor a botnet can grind one account (ADR 015).
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, { global: false });
  const { authPerMinute, accountPer15Minutes } = app.config.rateLimit;
  const perClient = app.createRateLimit({
    max: authPerMinute,
    timeWindow: minute,
    keyGenerator: (request) => `${request.tenantApp?.appId ?? '-'}|${request.ip}`,
  });
  const perAccount = app.createRateLimit({
    max: accountPer15Minutes,
    timeWindow: 15 * minute,
    // The key is computed below and carried on the request, one check per account key.
    keyGenerator: (request) => accountKeyInFlight.get(request) ?? '-',
  });
  const accountKeyInFlight = new WeakMap<FastifyRequest, string>();
  const tokenSubject = (token: string) => {
    const verified = app.accessTokens.verify(token, { ignoreExpiry: true });
    return verified.ok ? verified.claims.sub : null;
  };

  function reject(reply: FastifyReply, ttlInSeconds: number): never {
    reply.header('retry-after', String(ttlInSeconds));
    throw new HttpError(429, 'RATE_LIMITED');
  }

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.route?.rateLimited) return;
    const client = await perClient(request);
    if (!client.isAllowed && client.isExceeded) reject(reply, client.ttlInSeconds);
    const appId = request.tenantApp?.appId ?? '-';
    const userIdByLogin = (login: string) => findUserIdByLogin(app, appId, login);
    for (const key of await accountKeys(request, tokenSubject, userIdByLogin)) {
      accountKeyInFlight.set(request, `${appId}|${key}`);
      const account = await perAccount(request);
      if (!account.isAllowed && account.isExceeded) reject(reply, account.ttlInSeconds);
    }
  });
}
