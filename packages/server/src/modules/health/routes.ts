import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { api } from '@pluk/contract';
import { HttpError } from '../../lib/http-error.js';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';

export function healthHandlers(app: FastifyInstance): FeatureHandlers<typeof api.health> {
  return {
    health: async (request) => {
      try {
        await app.db.execute(sql`select 1`);
      } catch (err) {
        request.log.error({ err }, 'health: database check failed');
        throw new HttpError(503, 'DATABASE_UNAVAILABLE');
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  };
}
