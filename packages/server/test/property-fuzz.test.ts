/**
 * Property-based test of bad requests (ADR 052): for every route of the contract's route table,
 * fast-check generates valid and malformed inputs from the route's own schemas (ids that are not plain
 * digits or beyond the `integer` range, NUL and control characters, `null` and non-object bodies,
 * broken JSON, multipart without boundary or with broken parts) and sends them as no one, as a member
 * and as a holder of each role, with a fixed seed. No answer may be a 5xx; every 4xx has the contract's
 * error shape; a malformed id is a 400 naming the parameter; a `null` body or a control character is
 * never accepted.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema, roles, routeTable, type RouteDef } from '@pluk/contract';
import { seedDemo } from '../src/seed/demo.js';
import { requestArbitrary, type JsonSchema, type Operation } from './helpers/request-arbitraries.js';
import { createTestContext, type TestContext } from './helpers/test-app.js';

const seed = 20261123;
/** Requests per route; with ~90 routes this keeps the file well under a minute on PGlite. */
const runsPerRoute = 24;

let ctx: TestContext;
/**
 * No token, an approved member without roles, then one user per role (docs/product/people-and-roles.md,
 * "Roles").
 */
const identities: { name: string; token?: string }[] = [{ name: 'no token' }];

beforeAll(async () => {
  ctx = await createTestContext({ withDefaultApp: false });
  // The demo farms give the generated ids (1..40) chores, events, posts and media to hit.
  await seedDemo(ctx.db);
  const member = await ctx.createUser({ appId: 'plukhoeve', username: 'fuzzlid' });
  identities.push({ name: 'member', token: ctx.tokenFor(member) });
  for (const role of roles) {
    const user = await ctx.createUser({ appId: 'plukhoeve', username: `fuzz${role}`, roles: [role] });
    identities.push({ name: role, token: ctx.tokenFor(user) });
  }
});
afterAll(() => ctx?.close());

function jsonSchemaOf(schema: z.ZodType | undefined): JsonSchema | undefined {
  return schema ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : undefined;
}

function operationOf(route: RouteDef): Operation {
  return {
    method: route.method,
    path: `/api/${route.path}`,
    params: jsonSchemaOf(route.params),
    query: jsonSchemaOf(route.query),
    body: route.body === 'multipart' ? 'multipart' : jsonSchemaOf(route.body),
  };
}

describe('every route answers bad requests with a clear 4xx in the contract shape', () => {
  for (const [index, route] of routeTable.entries()) {
    it(`${route.method} ${route.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          requestArbitrary(operationOf(route)),
          fc.integer({ min: 0, max: identities.length - 1 }),
          async (request, who) => {
            const identity = identities[who]!;
            const response = await ctx.request({
              method: request.method as 'GET',
              url: request.url,
              headers: {
                host: 'localhost',
                ...request.headers,
                ...(identity.token ? { authorization: `Bearer ${identity.token}` } : {}),
              },
              payload: request.payload,
            });
            const what = `${request.kind} ${request.method} ${request.url.slice(0, 120)} as ${identity.name}: ${response.statusCode} ${response.body.slice(0, 200)}`;
            expect(response.statusCode, what).toBeLessThan(500);
            if (response.statusCode >= 400) {
              const parsed = errorBodySchema.safeParse(response.json());
              expect(parsed.success, what).toBe(true);
              // Access is decided before the input is read (401/403); past it, bad input is a 400 naming the field.
              if (
                request.kind.startsWith('id:') &&
                response.statusCode !== 401 &&
                response.statusCode !== 403
              ) {
                expect(response.statusCode, what).toBe(400);
                expect(Object.keys(parsed.data?.error.fields ?? {}).length, what).toBeGreaterThan(0);
              }
            } else if (request.kind.startsWith('id:')) {
              expect.fail(`a malformed id was taken as an id: ${what}`);
            }
            if (request.kind === 'body:null' || request.kind.endsWith('control-character'))
              expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
          },
        ),
        { seed: seed + index, numRuns: runsPerRoute, endOnFailure: true },
      );
    });
  }
});
