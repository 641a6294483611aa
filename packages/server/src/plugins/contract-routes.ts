import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteHandlerMethod,
} from 'fastify';
import {
  api,
  describePermission,
  type RouteBody,
  type RouteDef,
  type RouteParams,
  type RouteQuery,
} from '@pluk/contract';

/** A handler typed from its route definition: body, params and query as the contract's zod schemas parse them. */
export type ContractHandler<R extends RouteDef> = (
  request: FastifyRequest<{ Body: RouteBody<R>; Params: RouteParams<R>; Querystring: RouteQuery<R> }>,
  reply: FastifyReply,
) => Promise<unknown>;

/** One handler per route of a contract feature: a missing one is a type error. */
export type FeatureHandlers<G> = { [K in keyof G]: G[K] extends RouteDef ? ContractHandler<G[K]> : never };

export type ApiHandlers = { [F in keyof typeof api]: FeatureHandlers<(typeof api)[F]> };

function schemaOf(def: RouteDef): FastifySchema & Record<string, unknown> {
  const schema: FastifySchema & Record<string, unknown> = {
    summary: def.summary,
    tags: [def.feature],
    description: `Permission: ${describePermission(def.permission)}${def.rateLimited ? ' · rate-limited' : ''}`,
  };
  if (def.permission !== 'public') schema.security = [{ bearer: [] }];
  if (def.params) schema.params = def.params;
  if (def.query) schema.querystring = def.query;
  if (def.body === 'multipart') schema.consumes = ['multipart/form-data'];
  else if (def.body) schema.body = def.body;
  if (def.response !== 'file') schema.response = def.response;
  return schema;
}

/**
 * Registers every route of the contract's route table under /api with its schemas and permission.
 * The permission travels in the route config, where the auth hook reads it.
 */
export function registerContractRoutes(app: FastifyInstance, handlers: ApiHandlers): void {
  for (const feature of Object.keys(api) as (keyof typeof api)[]) {
    const group = api[feature] as Record<string, RouteDef>;
    const featureHandlers = handlers[feature] as Record<string, ContractHandler<RouteDef>>;
    for (const [name, def] of Object.entries(group)) {
      const handler = featureHandlers[name];
      if (!handler) throw new Error(`No handler for contract route ${feature}.${name}`);
      app.route({
        method: def.method,
        url: `/api/${def.path}`,
        schema: schemaOf(def),
        config: { route: def },
        handler: handler as unknown as RouteHandlerMethod,
      });
    }
  }
}
