import type { FastifyInstance } from 'fastify';
import type { api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';
import { tenantOf, userOf } from '../../plugins/request-context.js';
import {
  createFeedback,
  getMyFeedback,
  handleFeedback,
  listAppFeedback,
  listMyFeedback,
  updateFeedback,
} from './service.js';

export function feedbackHandlers(app: FastifyInstance): FeatureHandlers<typeof api.feedback> {
  return {
    list: async (request) => listMyFeedback(app, tenantOf(request).appId, userOf(request).id, request.query),
    get: async (request) =>
      getMyFeedback(app, tenantOf(request).appId, userOf(request).id, request.params.id),
    create: async (request) => createFeedback(app, tenantOf(request).appId, userOf(request).id, request.body),
    update: async (request) => updateFeedback(app, tenantOf(request).appId, userOf(request).id, request.body),
    managerList: async (request) => listAppFeedback(app, tenantOf(request).appId, request.query),
    handle: async (request) => handleFeedback(app, tenantOf(request).appId, userOf(request).id, request.body),
  };
}
