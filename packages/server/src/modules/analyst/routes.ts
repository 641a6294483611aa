import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { api, AnalystBucket } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';
import { userOf } from '../../plugins/request-context.js';
import { eventAnalysis } from './event.js';
import { overviewAnalysis } from './overview.js';
import { productAnalysis } from './product.js';
import type { AnalystRange } from './range.js';
import { requestAnalysis } from './request.js';
import { taskAnalysis } from './task.js';
import { walletAnalysis } from './wallet.js';

/** The analyst's views (decision 085): read-only numbers of the caller's own farm. */
export function analystHandlers(app: FastifyInstance): FeatureHandlers<typeof api.analyst> {
  const rangeOf = (
    request: FastifyRequest,
    query: { from: string; to: string; bucket: AnalystBucket },
  ): AnalystRange => ({ db: app.db, appId: userOf(request).appId, ...query });
  return {
    wallet: async (request) => walletAnalysis(rangeOf(request, request.query)),
    event: async (request) => eventAnalysis(rangeOf(request, request.query)),
    request: async (request) => requestAnalysis(rangeOf(request, request.query)),
    task: async (request) => taskAnalysis(rangeOf(request, request.query)),
    product: async (request) => productAnalysis(rangeOf(request, request.query)),
    overview: async (request) => overviewAnalysis(rangeOf(request, request.query)),
  };
}
