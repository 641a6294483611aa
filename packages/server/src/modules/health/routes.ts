import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { api } from '@pluk/contract';
import type { DatabaseHandle } from '../../db/client.js';
import { describeDatabaseFailure } from '../../lib/db-errors.js';
import { HttpError } from '../../lib/http-error.js';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';

/**
 * How long the health check waits for the database: a load balancer must hear "503" within 2 s
 * (decision 051), not wait for the connect timeout.
 */
export const healthCheckTimeoutMs = 1000;

/**
 * How long the readiness check waits on its own connection: a healthy database answers it well within
 * 500 ms even in a storm (it never queues behind the pool), a gone one is answered 503 within 2 s
 * (ADR 095).
 */
export const readinessTimeoutMs = 1500;

class HealthTimeout extends Error {
  override name = 'HealthTimeout';
  readonly code = 'HEALTH_TIMEOUT';
  constructor() {
    super(`the database did not answer within ${healthCheckTimeoutMs} ms`);
  }
}

export function healthHandlers(
  app: FastifyInstance,
  database: Pick<DatabaseHandle, 'ping'>,
): FeatureHandlers<typeof api.health> {
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
    live: () => Promise.resolve({ status: 'ok' as const }),
    ready: async (request) => {
      // A stopping server says so first, so whatever probes it stops sending before it closes (decision 103).
      if (app.lifecycle.draining) throw new HttpError(503, 'SHUTTING_DOWN');
      try {
        await database.ping(readinessTimeoutMs);
      } catch (err) {
        const failure = describeDatabaseFailure(err);
        request.log.warn(failure, 'ready: the database does not answer');
        // The reason is the error's code (ECONNREFUSED, PING_TIMEOUT, 57P03…), never its text: the
        // check is public and a driver's message may name hosts.
        throw new HttpError(
          503,
          'DATABASE_UNAVAILABLE',
          `De databank is niet bereikbaar (${failure.dbCode}).`,
        );
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  };
}
