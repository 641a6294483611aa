import { authRoutes } from './auth.js';
import type { RouteDef } from './define-route.js';
import { healthRoutes } from './health.js';
import { infoRoutes } from './info.js';
import { userRoutes } from './user.js';
import { usersRoutes } from './users.js';

/** Every API route by feature. A route missing from here fails the authorization matrix test. */
export const api = {
  health: healthRoutes,
  info: infoRoutes,
  auth: authRoutes,
  user: userRoutes,
  users: usersRoutes,
} as const;

/** The whole route table as a flat list: what the server registers and the matrix test walks. */
export const routeTable: readonly RouteDef[] = Object.values(api).flatMap((group) =>
  Object.values(group as Record<string, RouteDef>),
);
