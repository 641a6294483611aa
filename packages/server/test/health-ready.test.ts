import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@pluk/contract';
import { buildApp } from '../src/app.js';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { createTestContext, json, testConfig, type TestContext } from './helpers/test-app.js';

// ADR 095: health a balancer can trust.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function timed(url: string) {
  const started = performance.now();
  const response = await ctx.request({ method: 'GET', url });
  return { response, ms: performance.now() - started };
}

describe('live and ready', () => {
  it('answers live and ready 200, and keeps /api/health as it was', async () => {
    const live = await timed('/api/health/live');
    expect(live.response.statusCode).toBe(200);
    expect(json(live.response)).toEqual({ status: 'ok' });
    const ready = await timed('/api/health/ready');
    expect(ready.response.statusCode).toBe(200);
    expect(json(ready.response)).toEqual({ status: 'ok', database: 'ok' });
    expect(ready.ms).toBeLessThan(500);
    expect(json(await ctx.request({ method: 'GET', url: '/api/health' }))).toEqual({
      status: 'ok',
      database: 'ok',
    });
  });

  it('answers without a known Host (a balancer asks by address)', async () => {
    for (const url of ['/api/health/live', '/api/health/ready']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { host: '10.0.0.7:3000' } });
      expect(response.statusCode, url).toBe(200);
    }
  });

  it('lists both in the OpenAPI document', async () => {
    const doc = json<{ paths: Record<string, unknown> }>(
      await ctx.request({ method: 'GET', url: '/api/docs/json' }),
    );
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/health/live', '/api/health/ready']),
    );
  });
});

describe.skipIf(!process.env.DATABASE_URL)('ready on PostgreSQL', () => {
  it('stays 200 within 500 ms while slow queries hold every pool connection', async () => {
    const storm = Array.from({ length: 14 }, () =>
      ctx.db.execute(sql`select pg_sleep(2)`).catch(() => undefined),
    );
    // Let the storm take every connection (10) and queue the rest.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const usage = ctx.database.poolUsage();
    expect(usage?.inUse).toBe(usage?.max);
    expect(usage?.waiting).toBeGreaterThan(0);
    for (let i = 0; i < 3; i += 1) {
      const ready = await timed('/api/health/ready');
      expect(ready.response.statusCode).toBe(200);
      expect(ready.ms).toBeLessThan(500);
    }
    await Promise.all(storm);
  });

  it('opens its connection again when the database dropped it', async () => {
    expect((await timed('/api/health/ready')).response.statusCode).toBe(200);
    const dropped = await ctx.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'pluk-readiness' and datname = current_database()`,
    );
    expect((dropped as unknown as unknown[]).length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await timed('/api/health/ready');
    expect(again.response.statusCode).toBe(200);
  });

  it('answers 503 with a JSON reason within 2 s when the database cannot be reached', async () => {
    const gone = new URL(process.env.DATABASE_URL as string);
    gone.port = '1';
    const unreachable: DatabaseHandle = await openDatabase({ url: gone.toString() });
    // The app as it runs, its database at an address where nothing answers.
    const app = await buildApp({
      config: testConfig(),
      database: { ...ctx.database, ping: unreachable.ping },
    });
    try {
      for (let i = 0; i < 2; i += 1) {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
        expect(performance.now() - started).toBeLessThan(2000);
        expect(response.statusCode).toBe(503);
        const body = errorBodySchema.parse(response.json());
        expect(body.error.code).toBe('DATABASE_UNAVAILABLE');
        expect(body.error.message).toMatch(/ECONNREFUSED/);
      }
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await unreachable.close();
    }
  });
});
