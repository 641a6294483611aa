import type { RouteDef, Role, LocaleVariant } from '@pluk/contract';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { JobWorker } from './jobs/worker.js';
import type { ServerLifecycle } from './lib/shutdown.js';
import type { Mailer } from './mail/mailer.js';
import type { AccessTokens } from './modules/auth/access-tokens.js';
import type { AuthUserCache } from './modules/auth/auth-user-cache.js';
import type { PushSender } from './modules/notification/push-sender.js';

/** The installation a request belongs to, resolved from its Host. */
export interface Tenant {
  appId: string;
  name: string;
  localeVariant: LocaleVariant;
  colors: { primary: string; secondary: string; background: string };
  membershipExplanation: string;
  customRegistrationQuestion: string | null;
  logoVersion: string | null;
  hasLogo: boolean;
}

/** The user a request acts as (the impersonated user when an Admin impersonates). */
export interface AuthUser {
  id: number;
  appId: string;
  username: string;
  isApproved: boolean;
  isActive: boolean;
  roles: Role[];
}

export interface RequestAuth {
  user: AuthUser;
  /** The Admin's user id when the request impersonates `user`, else null. */
  impersonatedBy: number | null;
  /** The session (refresh-token family) of the access token, when it names one. */
  sessionId: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    mailer: Mailer;
    /** The durable job queue's worker: e-mails, web push, pruning (ADR 048). */
    jobs: JobWorker;
    /** Web push for new notifications (see modules/notification). */
    push: PushSender;
    accessTokens: AccessTokens;
    /** The signed-in users of recent requests; `forget` them after changing their access (ADR 046). */
    authUsers: AuthUserCache<AuthUser>;
    /** Draining on SIGTERM: readiness 503, the connections still to serve (decision 103). */
    lifecycle: ServerLifecycle;
    /** Every `/api` route registered, as `METHOD path` (lower-case path); read by the matrix test. */
    apiRoutes: string[];
    /** The caller of a public route when it sent a valid token, else null (plugins/auth.ts). */
    optionalAuth(request: FastifyRequest): Promise<RequestAuth | null>;
  }
  interface FastifyRequest {
    tenantApp: Tenant | null;
    auth: RequestAuth | null;
  }
  interface FastifyContextConfig {
    /** The contract definition of the route; present on every contract route. */
    route?: RouteDef;
  }
}
