import type { FastifyInstance } from 'fastify';
import type { api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';
import { tenantOf } from '../../plugins/request-context.js';
import { WeatherService } from './service.js';

export function weatherHandlers(app: FastifyInstance): FeatureHandlers<typeof api.weather> {
  const weather = new WeatherService({
    db: app.db,
    log: app.log,
    apiUrl: app.config.weatherApiUrl,
    timeoutMs: app.config.weatherTimeoutMs,
  });
  return {
    forecast: async (request) => weather.forecast(tenantOf(request).appId),
  };
}
