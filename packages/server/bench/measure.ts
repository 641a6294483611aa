/**
 * The benches' measuring helpers (`npm run bench`, `npm run bench:scale`): autocannon runs, and a route
 * measured in slices, each right after an equal slice of a reference route, so a drifting machine load
 * hits both sides of a pair alike.
 */
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';

export interface BenchSettings {
  /** Seconds per measured route (split into `rounds` slices). */
  seconds: number;
  /** Each route's seconds are split into this many rounds, each a reference slice then a route slice. */
  rounds: number;
  connections: number;
  /** The load comes from worker threads, so autocannon does not share the server's event loop. */
  workers: number;
}

/** BENCH_SECONDS (6), BENCH_ROUNDS (3), BENCH_CONNECTIONS (10), BENCH_WORKERS (1), or the prefix given. */
export function benchSettings(prefix = 'BENCH', defaults: Partial<BenchSettings> = {}): BenchSettings {
  const read = (name: string, fallback: number) => Number(process.env[`${prefix}_${name}`] ?? fallback);
  return {
    seconds: read('SECONDS', defaults.seconds ?? 6),
    rounds: read('ROUNDS', defaults.rounds ?? 3),
    connections: read('CONNECTIONS', defaults.connections ?? 10),
    workers: read('WORKERS', defaults.workers ?? 1),
  };
}

export interface Run {
  name: string;
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface PairedRun extends Run {
  /** The median of the slices' route/reference ratios. */
  ratio: number;
  /** The reference slices measured next to this route. */
  references: Run[];
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
export const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

export async function measure(
  settings: BenchSettings,
  name: string,
  options: autocannon.Options,
  duration = settings.seconds,
): Promise<Run> {
  const { connections, workers } = settings;
  const result = await autocannon({ connections, duration, workers, ...options });
  return {
    name,
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export async function warmUp(settings: BenchSettings, options: autocannon.Options): Promise<void> {
  await autocannon({ connections: settings.connections, duration: 1, workers: settings.workers, ...options });
}

/**
 * Warms the route up, then measures it in `rounds` slices, each right after an equal slice of the
 * reference; req/s and p99 are the medians of its slices, the ratio the median of the pairs' ratios.
 */
export async function measurePaired(
  settings: BenchSettings,
  [name, options]: [string, autocannon.Options],
  [referenceName, referenceOptions]: [string, autocannon.Options],
): Promise<PairedRun> {
  await warmUp(settings, options);
  const pairs: [Run, Run][] = [];
  const slice = Math.max(1, Math.round(settings.seconds / settings.rounds));
  for (let round = 0; round < settings.rounds; round++) {
    pairs.push([
      await measure(settings, referenceName, referenceOptions, slice),
      await measure(settings, name, options, slice),
    ]);
  }
  const own = pairs.map(([, run]) => run);
  return {
    name,
    rps: median(own.map((run) => run.rps)),
    p99: median(own.map((run) => run.p99)),
    errors: own.reduce((sum, run) => sum + run.errors, 0),
    non2xx: own.reduce((sum, run) => sum + run.non2xx, 0),
    ratio: median(pairs.map(([reference, run]) => run.rps / reference.rps)),
    references: pairs.map(([reference]) => reference),
  };
}

/**
 * The one-query baseline on the app under test: `GET /bench/one-query`, one indexed select of one row
 * through the same driver, no auth — the reference each measured slice is paired with.
 */
export async function addOneQueryRoute(app: FastifyInstance, db: Database): Promise<string> {
  const [someone] = await db.select({ id: users.id }).from(users).limit(1);
  const oneRow = (id: number) => db.select({ id: users.id }).from(users).where(eq(users.id, id));
  app.get('/bench/one-query', async () => ({ id: (await oneRow(someone?.id ?? 1))[0]?.id }));
  return '/bench/one-query';
}
