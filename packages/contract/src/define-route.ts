import type { z } from 'zod';
import type { Permission } from './permissions.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A body the server reads as multipart/form-data (files); its fields are described in `summary`. */
export const multipart = 'multipart' as const;

/** What the response of a route is: a JSON schema per status, or a raw file (images, spreadsheets). */
export type ResponseDef = Record<number, z.ZodType> | 'file';

export interface RouteDef {
  method: HttpMethod;
  /** Path under `/api`, Fastify style (`User/ContactData/:id`); matched case-insensitively. */
  path: string;
  permission: Permission;
  summary: string;
  /** The feature folder this route belongs to (same name in contract, server and web). */
  feature: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType | typeof multipart;
  response: ResponseDef;
  /** Rate-limited per client and per account (login, register, password reset). */
  rateLimited?: boolean;
}

/** Keeps the literal types of a route definition so the server and web can infer from it. */
export function defineRoute<const T extends RouteDef>(def: T): T {
  return def;
}

/** The full URL path of a route under the API base, with its params filled in. */
export function routePath(
  route: Pick<RouteDef, 'path'>,
  params: Record<string, string | number> = {},
): string {
  const filled = route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${route.path}`);
    return encodeURIComponent(String(value));
  });
  return `/api/${filled}`;
}

type Infer<S> = S extends z.ZodType ? z.infer<S> : never;
export type RouteBody<R extends RouteDef> = Infer<R['body']>;
export type RouteQuery<R extends RouteDef> = Infer<R['query']>;
export type RouteParams<R extends RouteDef> = Infer<R['params']>;
export type RouteResponse<R extends RouteDef, S extends number = 200> =
  R['response'] extends Record<number, z.ZodType> ? Infer<R['response'][S]> : Blob;
