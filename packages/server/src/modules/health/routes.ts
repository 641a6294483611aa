import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { api } from '@pluk/contract';
import { describeDatabaseFailure } from '../../lib/db-errors.js';
import { HttpError } from '../../lib/http-error.js';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';

/**
 * How long the health check waits for the database: a load balancer must hear "503" within 2 s
 * (issue 15), not wait for the connect timeout (ADR 051).
 */
export const healthCheckTimeoutMs = 1000;

class HealthTimeout extends Error {
  override name = 'HealthTimeout';
  readonly code = 'HEALTH_TIMEOUT';
  constructor() {
    super(`the database did not answer within ${healthCheckTimeoutMs} ms`);
  }
}

export function healthHandlers(app: FastifyInstance): FeatureHandlers<typeof api.health> {
  return {
    health: async (request) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          app.db.execute(sql`select 1`),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new HealthTimeout()), healthCheckTimeoutMs);
          }),
        ]);
      } catch (err) {
        request.log.warn(describeDatabaseFailure(err), 'health: the database does not answer');
        throw new HttpError(503, 'DATABASE_UNAVAILABLE');
      } finally {
        clearTimeout(timer);
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  };
}
