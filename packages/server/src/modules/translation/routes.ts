import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';
import { authOf, tenantOf } from '../../plugins/request-context.js';
import { bundledTexts } from './bundled-texts.js';
import { readVersion } from './overrides.js';
import { applyWordReplace, previewWordReplace } from './replace-word.js';
import { listTranslations, publicOverrides, resetTranslation, updateTranslation } from './service.js';

/**
 * Translations (decision 083): the Admin's list of every bundled text with the farm's overrides, setting
 * and resetting one, and the overrides the web applies for every member. The bundled texts are read once,
 * when the server starts (`LOCALES_DIR`).
 */
export function translationHandlers(app: FastifyInstance): FeatureHandlers<typeof api.translation> {
  const texts = bundledTexts(app.config.localesDir);
  if (texts.entries.length === 0)
    app.log.warn(
      { localesDir: app.config.localesDir },
      'no bundled texts found: translations cannot be overridden',
    );
  const farmOf = (request: FastifyRequest) => {
    const tenant = tenantOf(request);
    return { appId: tenant.appId, localeVariant: tenant.localeVariant };
  };
  /** The Admin who changed it (not the member an Admin impersonates). */
  const changedBy = (request: FastifyRequest) => {
    const auth = authOf(request);
    return auth.impersonatedBy ?? auth.user.id;
  };
  return {
    list: async (request) => listTranslations(app.db, texts, farmOf(request), request.query),
    update: async (request) => {
      const farm = farmOf(request);
      const entry = await updateTranslation(app.db, texts, farm, changedBy(request), request.body);
      await app.caches.farmChanged(farm.appId);
      return entry;
    },
    reset: async (request) => {
      const farm = farmOf(request);
      const entry = await resetTranslation(app.db, texts, farm, request.query);
      await app.caches.farmChanged(farm.appId);
      return entry;
    },
    replacePreview: async (request) => previewWordReplace(app.db, texts, farmOf(request), request.body),
    replace: async (request) => {
      const farm = farmOf(request);
      const result = await applyWordReplace(app.db, texts, farm, changedBy(request), request.body);
      await app.caches.farmChanged(farm.appId);
      return result;
    },
    overrides: async (request, reply) => {
      const { appId } = tenantOf(request);
      // Read afresh (not the few seconds `GET info` keeps it): the answer is cached under its version, and
      // under its version it never changes; the web asks `?v=` with `GET info`'s version.
      const version = await readVersion(app.db, appId);
      if (version !== null && request.query.v === version)
        void reply.header('Cache-Control', 'public, max-age=86400');
      else void reply.header('Cache-Control', 'no-cache');
      return publicOverrides(app.db, texts, appId, version);
    },
  };
}
