import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LocaleVariant } from '@pluk/contract';
import type { Database } from '../db/client.js';
import { appHosts, apps } from '../db/schema/index.js';
import { HttpError } from '../lib/http-error.js';
import type { Tenant } from '../types.js';

const tenantColumns = {
  appId: apps.appId,
  name: apps.name,
  localeVariant: apps.localeVariant,
  colorPrimary: apps.colorPrimary,
  colorSecondary: apps.colorSecondary,
  colorBackground: apps.colorBackground,
  membershipExplanation: apps.membershipExplanation,
  customRegistrationQuestion: apps.customRegistrationQuestion,
  logoVersion: apps.logoVersion,
  hasLogo: sql<boolean>`${apps.logoMime} is not null`,
};

interface TenantRow {
  appId: string;
  name: string;
  localeVariant: string;
  colorPrimary: string;
  colorSecondary: string;
  colorBackground: string;
  membershipExplanation: string;
  customRegistrationQuestion: string | null;
  logoVersion: string | null;
  hasLogo: boolean;
}

function toTenant(row: TenantRow): Tenant {
  return {
    appId: row.appId,
    name: row.name,
    localeVariant: row.localeVariant as LocaleVariant,
    colors: { primary: row.colorPrimary, secondary: row.colorSecondary, background: row.colorBackground },
    membershipExplanation: row.membershipExplanation,
    customRegistrationQuestion: row.customRegistrationQuestion,
    logoVersion: row.logoVersion,
    hasLogo: row.hasLogo,
  };
}

/** The app of an id, for work that runs outside a request (a periodic job); null when it is gone. */
export async function tenantOfApp(db: Database, appId: string): Promise<Tenant | null> {
  const [row] = await db.select(tenantColumns).from(apps).where(eq(apps.appId, appId));
  return row ? toTenant(row) : null;
}

/** Lower-case host without port; handles IPv6 literals (`[::1]:3000`). */
export function normalizeHost(host: string): string {
  const lower = host.trim().toLowerCase();
  if (lower.startsWith('[')) return lower.slice(0, lower.indexOf(']') + 1);
  return lower.replace(/:\d+$/, '').replace(/\.$/, '');
}

/**
 * Finds the app of a host: the app listing the host, else the default app. Hits are cached for a few
 * seconds because every API request needs them; misses are not, so a new app answers at once. The cache
 * holds at most `maxHosts` hosts, oldest out first: any Host header falls back to the default app, and a
 * client sending random ones must not grow memory without bound (ADR 027).
 */
export class AppResolver {
  private readonly cache = new Map<string, { tenant: Tenant; until: number }>();

  constructor(
    private readonly db: Database,
    private readonly ttlMs = 5_000,
    private readonly maxHosts = 1_000,
  ) {}

  /** How many hosts are cached (tests). */
  get cachedHosts(): number {
    return this.cache.size;
  }

  async resolve(rawHost: string): Promise<Tenant | null> {
    const host = normalizeHost(rawHost);
    const cached = this.cache.get(host);
    if (cached && cached.until > Date.now()) return cached.tenant;
    const [byHost] = await this.db
      .select(tenantColumns)
      .from(appHosts)
      .innerJoin(apps, eq(apps.appId, appHosts.appId))
      .where(eq(appHosts.host, host));
    const row = byHost ?? (await this.db.select(tenantColumns).from(apps).where(eq(apps.isDefault, true)))[0];
    if (!row) return null;
    const tenant = toTenant(row);
    this.cache.delete(host);
    if (this.cache.size >= this.maxHosts) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(host, { tenant, until: Date.now() + this.ttlMs });
    return tenant;
  }

  /** Forget cached apps, after an app changed (name, colours, logo, hosts). */
  invalidate(): void {
    this.cache.clear();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Host → app; `invalidate()` it after an app is made, removed or changed (name, colours, logo, hosts). */
    appResolver: AppResolver;
  }
}

/**
 * Resolves the app of every contract route from the Host header (never from body or query). Health
 * does not need an app; every other call without one answers E001.
 */
export function registerAppResolver(app: FastifyInstance, resolver: AppResolver): void {
  app.decorate('appResolver', resolver);
  app.decorateRequest('tenantApp', null);
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.config.route;
    if (!route || route.feature === 'health') return;
    const tenant = await resolver.resolve(request.host);
    if (!tenant) throw new HttpError(404, 'E001');
    request.tenantApp = tenant;
  });
}
