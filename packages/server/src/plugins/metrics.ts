import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, count, eq, lte, min, sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DatabaseHandle } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import { errorBody } from './errors.js';

/**
 * The operator's metrics (ADR 095), one registry per server (tests build many).
 * Labels are bounded: the route's pattern (never the raw URL), the method and the status code. No
 * label names a farm, a user or an address; the queue and e-mail figures are installation totals.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: 'pluk_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  readonly latency = new Histogram({
    name: 'pluk_http_request_duration_seconds',
    help: 'Time from the request to its answer, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly emailsFailed = new Counter({
    name: 'pluk_emails_failed_total',
    help: 'E-mails this process recorded as failed in the mail log (the SMTP server refused them).',
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'pluk_' });
  }

  /** The database figures, read when Prometheus scrapes. */
  watchDatabase(database: Pick<DatabaseHandle, 'db' | 'poolUsage'>): void {
    const registers = [this.registry];
    new Gauge({
      name: 'pluk_db_pool_connections',
      help: 'PostgreSQL pool: connections running a statement (in_use), statements waiting for one (waiting) and the pool size (max).',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const usage = database.poolUsage();
        if (!usage) return;
        this.set({ state: 'in_use' }, usage.inUse);
        this.set({ state: 'waiting' }, usage.waiting);
        this.set({ state: 'max' }, usage.max);
      },
    });
    const queue = { depth: 0, oldestSeconds: 0 };
    // One query per scrape for both queue gauges (collect is called per gauge).
    let reading: Promise<void> | undefined;
    const readQueue = () =>
      (reading ??= (async () => {
        const [row] = await database.db
          .select({ depth: count(), oldest: min(jobs.runAt) })
          .from(jobs)
          .where(and(eq(jobs.status, 'waiting'), lte(jobs.runAt, sql`now()`)));
        queue.depth = row?.depth ?? 0;
        queue.oldestSeconds = row?.oldest ? Math.max((Date.now() - row.oldest.getTime()) / 1000, 0) : 0;
      })().finally(() => {
        reading = undefined;
      }));
    new Gauge({
      name: 'pluk_job_queue_depth',
      help: 'Background jobs (e-mails, web push) due and waiting for a worker.',
      registers,
      async collect() {
        await readQueue();
        this.set(queue.depth);
      },
    });
    new Gauge({
      name: 'pluk_job_queue_oldest_seconds',
      help: 'How long the oldest due job has been waiting, in seconds (0 when none waits).',
      registers,
      async collect() {
        await readQueue();
        this.set(queue.oldestSeconds);
      },
    });
  }
}

const loopback = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;
const forwardedHeaders = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Whether the caller sits on this machine: the socket's own address, never `request.ip` (which
 * TRUST_PROXY takes from X-Forwarded-For). A proxy on this machine connects from loopback too, so a
 * request carrying any forwarded header came from elsewhere and is not trusted as local (ADR 095).
 */
function fromLoopback(request: FastifyRequest): boolean {
  const address = request.raw.socket.remoteAddress ?? '';
  return loopback.test(address) && forwardedHeaders.every((name) => request.headers[name] === undefined);
}

function tokenMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Counts every answer, and serves `/api/metrics` to the token's holder or to this machine. */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.addHook('onResponse', (request, reply, done) => {
    // Unmatched URLs (404s, scanners) share one label: the raw URL would grow without bound.
    const route = request.routeOptions.url ? request.routeOptions.url.toLowerCase() : 'unmatched';
    const method = request.method;
    metrics.requests.inc({ method, route, status: String(reply.statusCode) });
    metrics.latency.observe({ method, route }, reply.elapsedTime / 1000);
    done();
  });

  app.get('/api/metrics', { schema: { hide: true } }, async (request, reply) => {
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      const given = /^Bearer\s+(.+)$/i.exec(authorization)?.[1]?.trim() ?? '';
      if (!token || !tokenMatches(given, token)) {
        return reply.code(401).send(errorBody('UNAUTHORIZED'));
      }
    } else if (!fromLoopback(request)) {
      // Unknown to everyone else, as any route that does not exist.
      return reply.code(404).send(errorBody('ROUTE_NOT_FOUND'));
    }
    const text = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });
}
