import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';
import { authOf, userOf } from '../../plugins/request-context.js';
import { Branding } from './branding.js';
import {
  addSetting,
  listSettings,
  manageUserOverride,
  removeSetting,
  settingDetail,
  updateSetting,
} from './key-values.js';

/**
 * Settings and branding (decision 081): the ApplicationManager's key/value settings, overview,
 * colours, membership texts and logo; the Admin's advanced key/value screen. The farm is always the
 * signed-in user's own.
 */
export function settingsHandlers(app: FastifyInstance): FeatureHandlers<typeof api.settings> {
  const appIdOf = (request: FastifyRequest) => userOf(request).appId;
  const branding = new Branding(app.db, app.caches);
  return {
    list: async (request) => listSettings(app.db, appIdOf(request), 'manager'),
    detail: async (request) => settingDetail(app.db, appIdOf(request), request.params.key, 'manager'),
    add: async (request) => addSetting(app.db, appIdOf(request), authOf(request), request.body, 'manager'),
    update: async (request) =>
      updateSetting(app.db, appIdOf(request), authOf(request), request.body, 'manager'),
    manageUserOverride: async (request) =>
      manageUserOverride(app.db, appIdOf(request), authOf(request), request.body),
    remove: async (request, reply) => {
      await removeSetting(app.db, appIdOf(request), authOf(request), request.params.key, 'manager');
      return reply.code(204).send();
    },
    adminList: async (request) => listSettings(app.db, appIdOf(request), 'admin'),
    adminAdd: async (request) => addSetting(app.db, appIdOf(request), authOf(request), request.body, 'admin'),
    adminUpdate: async (request) =>
      updateSetting(app.db, appIdOf(request), authOf(request), request.body, 'admin'),
    adminRemove: async (request, reply) => {
      await removeSetting(app.db, appIdOf(request), authOf(request), request.query.key, 'admin');
      return reply.code(204).send();
    },
    overview: async (request) => branding.overview(appIdOf(request)),
    overviewField: async (request) => {
      const key = request.params.x;
      return { key, value: (await branding.overview(appIdOf(request)))[key] };
    },
    saveOverview: async (request) => branding.saveOverview(appIdOf(request), authOf(request), request.body),
    colors: async (request) => branding.colors(appIdOf(request)),
    saveColors: async (request) => branding.saveColors(appIdOf(request), authOf(request), request.body),
    membership: async (request) => branding.membership(appIdOf(request)),
    saveMembership: async (request) =>
      branding.saveMembership(appIdOf(request), authOf(request), request.body),
    uploadLogo: async (request) => branding.uploadLogo(request, appIdOf(request), authOf(request)),
  };
}
