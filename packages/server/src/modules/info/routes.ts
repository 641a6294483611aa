import type { FastifyInstance } from 'fastify';
import type { api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';
import { tenantOf } from '../../plugins/request-context.js';
import { translationsVersion } from '../translation/overrides.js';
import { loadLogo, logoUrlOf, publicSetting } from './service.js';

export function infoHandlers(app: FastifyInstance): FeatureHandlers<typeof api.info> {
  return {
    info: async (request) => {
      const tenant = tenantOf(request);
      return {
        appId: tenant.appId,
        appName: tenant.name,
        localeVariant: tenant.localeVariant,
        logoUrl: tenant.hasLogo ? logoUrlOf(tenant.logoVersion) : null,
        translationsVersion: await translationsVersion(app, tenant.appId),
      };
    },
    colors: async (request) => tenantOf(request).colors,
    membershipExplanation: async (request) => ({ text: tenantOf(request).membershipExplanation }),
    customRegistrationQuestion: async (request) => ({
      question: tenantOf(request).customRegistrationQuestion || null,
    }),
    logo: async (request, reply) => {
      const logo = await loadLogo(app, tenantOf(request).appId);
      return reply
        .type(logo.mime)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', 'inline')
        .header('Cache-Control', 'public, max-age=300')
        .send(logo.data);
    },
    publicSetting: async (request) => {
      const caller = await app.optionalAuth(request);
      return publicSetting(app, tenantOf(request).appId, request.params.key, caller?.user.id ?? null);
    },
  };
}
