import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@pluk/contract';
import { jobs } from '../src/db/schema/index.js';
import type { MailRequest, PreparedMail } from '../src/mail/mailer.js';
import { createTestContext, type TestContext } from './helpers/test-app.js';

// ADR 095: Prometheus metrics for the operator, loopback or token only.
const token = 'metrics-token-long-enough-123';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ config: { metricsToken: token, trustProxy: true } });
});
afterAll(() => ctx.close());

/** Scrapes as this machine (app.inject's default address is 127.0.0.1). */
async function scrape(): Promise<string> {
  const response = await ctx.request({ method: 'GET', url: '/api/metrics' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

/** The value of one sample line, by its name and exact labels (0 when absent). */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('the metrics text', () => {
  it('parses as the Prometheus text format: HELP/TYPE comments and name{labels} value lines', async () => {
    const text = await scrape();
    const lines = text.split('\n').filter((line) => line !== '');
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) {
      if (line.startsWith('#')) {
        expect(line, line).toMatch(/^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+$/);
      } else {
        // Values as Prometheus reads them (Go's ParseFloat: NaN in any case, ±Inf).
        expect(line, line).toMatch(
          /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*"(,[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*")*\})? -?(\d+(\.\d+)?(e[+-]?\d+)?|NaN|\+Inf|-Inf)$/i,
        );
      }
    }
    for (const name of [
      'pluk_http_requests_total',
      'pluk_http_request_duration_seconds',
      'pluk_job_queue_depth',
      'pluk_job_queue_oldest_seconds',
      'pluk_emails_failed_total',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
  });

  it('counts requests by route pattern and status, with latency, and keeps raw URLs out', async () => {
    const series = 'pluk_http_requests_total{method="GET",route="/api/health",status="200"}';
    const before = sample(await scrape(), series);
    await ctx.request({ method: 'GET', url: '/api/health' });
    await ctx.request({ method: 'GET', url: '/api/health' });
    await ctx.request({ method: 'GET', url: '/api/geheim-adres-van-een-scanner-42' });
    const text = await scrape();
    expect(sample(text, series)).toBe(before + 2);
    expect(
      sample(text, 'pluk_http_request_duration_seconds_count{method="GET",route="/api/health"}'),
    ).toBeGreaterThanOrEqual(before + 2);
    expect(sample(text, 'pluk_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(text).not.toContain('geheim-adres');
  });

  it('reports the job queue depth and its oldest due job, and e-mails failed', async () => {
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await ctx.db.insert(jobs).values([
      { kind: 'email', idempotencyKey: 'metrics-1', runAt: tenMinutesAgo, appId: ctx.appId },
      { kind: 'email', idempotencyKey: 'metrics-2', appId: ctx.appId },
      // Not due yet: not counted as waiting for a worker.
      { kind: 'email', idempotencyKey: 'metrics-3', runAt: sql`now() + interval '1 hour'`, appId: ctx.appId },
    ]);
    const text = await scrape();
    expect(sample(text, 'pluk_job_queue_depth')).toBe(2);
    const oldest = sample(text, 'pluk_job_queue_oldest_seconds');
    expect(oldest).toBeGreaterThanOrEqual(599);
    expect(oldest).toBeLessThan(700);

    ctx.app.mailer.logRow(
      { appId: ctx.appId, userId: null, to: 'x@example.be', template: 'welcome' } as unknown as MailRequest,
      { subject: 's', body: 'b', loggedBody: 'b' } as unknown as PreparedMail,
      'failed',
      'refused',
    );
    expect(sample(await scrape(), 'pluk_emails_failed_total')).toBe(1);
  });

  it.runIf(process.env.DATABASE_URL)('reports the PostgreSQL pool', async () => {
    const text = await scrape();
    expect(sample(text, 'pluk_db_pool_connections{state="max"}')).toBe(10);
    expect(text).toContain('pluk_db_pool_connections{state="in_use"}');
    expect(text).toContain('pluk_db_pool_connections{state="waiting"}');
  });
});

describe('who may read the metrics', () => {
  const get = (remoteAddress: string, headers: Record<string, string> = {}) =>
    ctx.request({ method: 'GET', url: '/api/metrics', remoteAddress, headers });

  it('refuses another machine without the token: 404 as an unknown route', async () => {
    const response = await get('10.1.2.3');
    expect(response.statusCode).toBe(404);
    expect(errorBodySchema.parse(response.json()).error.code).toBe('ROUTE_NOT_FOUND');
  });

  it('refuses a wrong token 401, from anywhere', async () => {
    for (const address of ['10.1.2.3', '127.0.0.1']) {
      const response = await get(address, { authorization: 'Bearer wrong-token-of-some-length' });
      expect(response.statusCode).toBe(401);
      expect(errorBodySchema.parse(response.json()).error.code).toBe('UNAUTHORIZED');
    }
  });

  it('serves another machine with the token', async () => {
    const response = await get('10.1.2.3', { authorization: `Bearer ${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('pluk_http_requests_total');
  });

  it('does not take a forwarded loopback address for this machine (TRUST_PROXY on)', async () => {
    // An outsider claiming loopback through the header, and a proxy on this machine forwarding one.
    expect((await get('10.1.2.3', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
    expect((await get('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
    expect((await get('127.0.0.1', { forwarded: 'for=203.0.113.9' })).statusCode).toBe(404);
    expect((await get('::1')).statusCode).toBe(200);
  });

  it('is not in the OpenAPI document', async () => {
    const doc = (await ctx.request({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).not.toContain('/api/metrics');
  });
});
