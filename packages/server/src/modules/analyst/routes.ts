import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { api, AnalystQuery, AnalystView, AnalystAnswer } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';
import { userOf } from '../../plugins/request-context.js';
import { eventAnalysis } from './event.js';
import { overviewAnalysis } from './overview.js';
import { productAnalysis } from './product.js';
import { rangeOf, type AnalystRange } from './range.js';
import { requestAnalysis } from './request.js';
import { taskAnalysis } from './task.js';
import { walletAnalysis } from './wallet.js';

/** The analyst's views (decision 085): read-only numbers of the caller's own farm. */
export function analystHandlers(app: FastifyInstance): FeatureHandlers<typeof api.analyst> {
  const view =
    <V extends AnalystView>(analyse: (range: AnalystRange) => Promise<AnalystAnswer<V>>) =>
    async (request: FastifyRequest<{ Querystring: unknown }>) =>
      analyse(
        await rangeOf(
          app.db,
          userOf(request).appId,
          request.query as Required<Pick<AnalystQuery, 'bucket'>> & AnalystQuery,
        ),
      );
  return {
    wallet: view(walletAnalysis),
    event: view(eventAnalysis),
    request: view(requestAnalysis),
    task: view(taskAnalysis),
    product: view(productAnalysis),
    overview: view(overviewAnalysis),
  };
}
