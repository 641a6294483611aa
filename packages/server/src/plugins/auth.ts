import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasRoles, passesRoleCheck, type Permission } from '@pluk/contract';
import { auditLog, users } from '../db/schema/index.js';
import { tenantDb } from '../db/tenant.js';
import { HttpError } from '../lib/http-error.js';
import { loadAuthUser } from '../modules/auth/auth-user.js';
import { mayActOn } from '../modules/users/policy.js';
import { AuthUserCache, authUserKey } from '../modules/auth/auth-user-cache.js';
import type { AuthUser, RequestAuth } from '../types.js';
import { tenantOf } from './request-context.js';

export const impersonationHeader = 'x-impersonate-user';

/** last_seen_at is written at most once a minute per user: online members need minutes, not requests. */
const lastSeenWriteIntervalMs = 60_000;

/**
 * Authentication and authorization in one place: for every contract route, reads its permission from
 * the route table and lets the request through or answers 401/403. Public routes ignore credentials.
 */
export function registerAuth(app: FastifyInstance): void {
  const lastSeenWrites = new Map<number, number>();
  app.decorateRequest('auth', null);
  app.decorate('authUsers', new AuthUserCache<AuthUser>());
  /** The user of a token (or an impersonation target), from the short-lived cache when it is there. */
  const authUser = (appId: string, userId: number, sessionId?: string) =>
    app.authUsers.load(authUserKey(appId, userId, sessionId), () =>
      loadAuthUser(app.db, appId, userId, sessionId),
    );

  async function touchLastSeen(appId: string, userId: number): Promise<void> {
    const now = Date.now();
    if ((lastSeenWrites.get(userId) ?? 0) > now - lastSeenWriteIntervalMs) return;
    lastSeenWrites.set(userId, now);
    await tenantDb(app.db, appId)
      .update(users)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(users.id, userId));
  }

  async function authenticate(request: FastifyRequest): Promise<RequestAuth> {
    const tenant = tenantOf(request);
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw new HttpError(401, 'UNAUTHORIZED');
    const verified = app.accessTokens.verify(match[1]);
    // A token of another app never authenticates here, even if that user id exists in this app.
    if (!verified.ok || verified.claims.app !== tenant.appId) throw new HttpError(401, 'UNAUTHORIZED');
    const user = await authUser(tenant.appId, verified.claims.sub, verified.claims.sid);
    if (!user) throw new HttpError(401, 'UNAUTHORIZED');
    // A deactivated member's tokens stop working at once (a waiting one still reads its account).
    if (user.isApproved && !user.isActive) throw new HttpError(401, 'ACCOUNT_INACTIVE');
    await touchLastSeen(user.appId, user.id);
    const impersonate = request.headers[impersonationHeader];
    const sessionId = verified.claims.sid ?? null;
    if (impersonate === undefined || impersonate === '') return { user, impersonatedBy: null, sessionId };
    const target = await impersonated(request, user, String(impersonate));
    return { user: target, impersonatedBy: user.id, sessionId };
  }

  async function impersonated(request: FastifyRequest, admin: AuthUser, value: string): Promise<AuthUser> {
    if (!admin.roles.includes('Admin') || !admin.isApproved || !admin.isActive) {
      throw new HttpError(403, 'IMPERSONATION_FORBIDDEN');
    }
    const targetId = /^\d{1,9}$/.test(value.trim()) ? Number(value) : NaN;
    // Users of other apps do not exist from here: same 404 as an unknown id.
    const target = Number.isSafeInteger(targetId) ? await authUser(admin.appId, targetId) : null;
    if (!target) throw new HttpError(404, 'NOT_FOUND', 'De gebruiker om als te werken bestaat niet.');
    // Never as another Admin: it gains nothing but a peer's name, and would let one admin take over
    // another's account (change its e-mail, then reset its password) (ADR 026). And only as an account
    // the Admin may act on (ADR 086: every role it holds passes the Admin's check).
    if ((target.roles.includes('Admin') && target.id !== admin.id) || !mayActOn(admin, target)) {
      throw new HttpError(403, 'IMPERSONATION_FORBIDDEN');
    }
    await tenantDb(app.db, admin.appId)
      .insert(auditLog)
      .values({
        appId: admin.appId,
        actorUserId: admin.id,
        impersonatedUserId: target.id,
        action: 'impersonation.request',
        details: { method: request.method, url: request.url },
      });
    return target;
  }

  // A public route that answers a signed-in caller differently (GET settings/{key} with a user's own
  // value): the caller when its token is valid, else nobody — never a refusal.
  app.decorate('optionalAuth', async (request: FastifyRequest) => {
    if (!request.headers.authorization) return null;
    try {
      return await authenticate(request);
    } catch (error) {
      if (error instanceof HttpError) return null;
      throw error;
    }
  });

  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.config.route;
    if (!route || route.permission === 'public') return;
    request.auth = await authenticate(request);
    authorize(route.permission, request.auth.user);
  });
}

/**
 * Throws the 403 a user gets for a permission it does not meet (docs/product/people-and-roles.md, "Roles").
 */
export function authorize(permission: Exclude<Permission, 'public'>, user: AuthUser): void {
  if (permission === 'authenticated') return;
  if (!user.isApproved || !user.isActive) throw new HttpError(403, 'ACCOUNT_NOT_APPROVED');
  if (permission === 'member') return;
  // The manager's home (decision 092): any role; the handler narrows the answer to the caller's roles.
  if (permission === 'staff') {
    if (!hasRoles(user.roles)) throw new HttpError(403, 'FORBIDDEN');
    return;
  }
  if (!passesRoleCheck(user.roles, permission.role)) throw new HttpError(403, 'FORBIDDEN');
}
