import type { FastifyInstance } from 'fastify';
import { authOf, tenantOf } from '../../../plugins/request-context.js';
import type { ReenrolmentHandlers } from '../handler-types.js';
import { convertPolicy } from './convert.js';
import { conversionPreview } from './preview.js';

/** The conversion of a round's answers into next year's subscriptions and transactions (and its preview). */
export function conversionHandlers(
  app: FastifyInstance,
): ReenrolmentHandlers<'conversionPreview' | 'convert'> {
  return {
    conversionPreview: async (request) =>
      conversionPreview(app.db, tenantOf(request).appId, request.query.policyId),
    convert: async (request) => convertPolicy(app, tenantOf(request), authOf(request), request.body),
  };
}
