import type { FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error.js';
import type { AuthUser, RequestAuth, Tenant } from '../types.js';

/** The request's app; only called on routes that resolved one (every route but health). */
export function tenantOf(request: FastifyRequest): Tenant {
  if (!request.tenantApp) throw new Error('Route needs an app but none was resolved');
  return request.tenantApp;
}

/** The signed-in user; only called on non-public routes, where the permission hook guarantees it. */
export function authOf(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new HttpError(401, 'UNAUTHORIZED');
  return request.auth;
}

export function userOf(request: FastifyRequest): AuthUser {
  return authOf(request).user;
}
