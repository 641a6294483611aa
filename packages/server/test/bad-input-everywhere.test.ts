import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, routePath, routeTable, type RouteDef } from '@pluk/contract';
import type { CreatedUser } from '../src/seed/factories.js';
import { createTestContext, type TestContext } from './helpers/test-app.js';

/**
 * Walks the contract's whole route table with bad input, signed in as an Admin so that permissions
 * never hide a fault: malformed JSON, bodies of the wrong shape, oversized bodies, nonsense path
 * parameters, JSON where a file is expected. Every answer must be a 4xx in the one error shape —
 * never a 5xx. A route added to the table is walked the day it is added.
 */

let ctx: TestContext;
let admin: CreatedUser;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.createUser({ username: 'bad-input-admin', roles: ['Admin'] });
});
afterAll(() => ctx.close());

const junkParams = ['abc', '-1', '0', '99999999999999999999', '1.5', '%00', "1'--", 'x'.repeat(600)];

/** Fills every `:param` of a route with the same value. */
function pathWith(route: RouteDef, value: string): string {
  const names = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string);
  return routePath(route, Object.fromEntries(names.map((name) => [name, value])));
}

/** A path with valid-looking params (id 1), for the body checks. */
const plainPath = (route: RouteDef) => pathWith(route, '1');

function expectClientError(
  route: RouteDef,
  what: string,
  response: { statusCode: number; body: string; headers: Record<string, unknown> },
): void {
  const label = `${route.method} ${route.path} (${what}) → ${response.statusCode}`;
  expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, label).toBeLessThan(500);
  expect(String(response.headers['content-type']), label).toMatch(/application\/json/);
  expect(errorBodySchema.safeParse(JSON.parse(response.body)).success, `${label}: ${response.body}`).toBe(
    true,
  );
}

const jsonBodyRoutes = routeTable.filter((route) => route.body !== undefined && route.body !== 'multipart');
const multipartRoutes = routeTable.filter((route) => route.body === 'multipart');
const paramRoutes = routeTable.filter((route) => route.path.includes(':'));

describe('bad input on every route of the table', () => {
  it('has routes of every kind to walk', () => {
    expect(jsonBodyRoutes.length).toBeGreaterThan(5);
    expect(multipartRoutes.length).toBeGreaterThan(0);
    expect(paramRoutes.length).toBeGreaterThan(2);
  });

  it.each(jsonBodyRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s refuses malformed, mistyped and oversized bodies',
    async (_name, route) => {
      const send = (payload: string) =>
        ctx.request({
          method: route.method,
          url: plainPath(route),
          as: admin,
          headers: { 'content-type': 'application/json' },
          payload,
        });
      expectClientError(route, 'malformed JSON', await send('{"a": '));
      expectClientError(route, 'a JSON string', await send('"just text"'));
      expectClientError(route, 'a JSON array', await send('[1, 2, 3]'));
      expectClientError(route, 'wrong types', await send(JSON.stringify(wrongTypes())));
      expectClientError(route, 'oversized', await send(JSON.stringify({ filler: 'x'.repeat(2_000_000) })));
      expectClientError(
        route,
        'prototype poisoning',
        await send('{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {}}}'),
      );
    },
  );

  it.each(multipartRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s refuses JSON and empty bodies where a file is expected',
    async (_name, route) => {
      const base = { method: route.method, url: plainPath(route), as: admin };
      expectClientError(route, 'JSON', await ctx.request({ ...base, payload: { file: 'x' } }));
      expectClientError(
        route,
        'empty multipart',
        await ctx.request({
          ...base,
          headers: { 'content-type': 'multipart/form-data; boundary=----x' },
          payload: '------x--\r\n',
        }),
      );
    },
  );

  it.each(paramRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s answers nonsense path parameters with a 4xx',
    async (_name, route) => {
      for (const value of junkParams) {
        const response = await ctx.request({
          method: route.method,
          url: pathWith(route, value),
          as: admin,
          ...(route.body && route.body !== 'multipart' ? { payload: {} } : {}),
        });
        // Public lookups of a free-text key (a username, a setting key) may rightly answer 200.
        if (response.statusCode === 200) continue;
        expectClientError(route, `param ${value.slice(0, 20)}`, response);
      }
    },
  );
});

/** Every field name the contract uses, each with a value of the wrong type. */
function wrongTypes(): Record<string, unknown> {
  return {
    username: 12,
    password: false,
    email: ['a'],
    token: 5,
    refreshToken: {},
    userId: 'one',
    page: 'first',
    rowsPerPage: -5,
    isApproved: 'yes',
    firstName: null,
    address: 'Kerkstraat 1',
    householdMembers: 'none',
    privacy: true,
    currentPassword: 1,
    newPassword: 2,
    // The bank's payment e-mails: bodies whose only fields are optional.
    harvestYear: 'this year',
    ids: 'all',
  };
}
