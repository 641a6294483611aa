import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit that counts in PostgreSQL, so every process behind a balancer counts
 * the same hits: a limit of N is N, not N per process (ADR 099). One statement per hit: the key's row
 * is inserted, or its count raised, or restarted at 1 when its window has ended; the row lock orders
 * two processes' hits on one key. The hourly pruning deletes ended windows. The embedded database
 * (one process) keeps @fastify/rate-limit's own memory store.
 */
export class PostgresRateLimitStore {
  constructor(
    private readonly db: Database,
    private readonly windowMs = 60_000,
  ) {}

  /** @fastify/rate-limit 10 passes the limiter's window; its types do not say so, hence the fallback. */
  incr(key: string, callback: IncrCallback, timeWindow?: number): void {
    this.count(key, typeof timeWindow === 'number' ? timeWindow : this.windowMs).then(
      (result) => callback(null, result),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
    );
  }

  /** The hits of `key` in its current window (this one included) and the milliseconds it has left. */
  async count(key: string, timeWindowMs: number): Promise<{ current: number; ttl: number }> {
    const rows = (await this.db.execute(sql`
      insert into rate_limit_counters as c (key, hits, window_ends)
      values (${key}, 1, clock_timestamp() + make_interval(secs => ${timeWindowMs / 1000}))
      on conflict (key) do update set
        hits = case when c.window_ends <= clock_timestamp() then 1 else c.hits + 1 end,
        window_ends = case when c.window_ends <= clock_timestamp() then excluded.window_ends else c.window_ends end
      returning hits, ceil(extract(epoch from (window_ends - clock_timestamp())) * 1000)::int as ttl
    `)) as unknown as { hits: number; ttl: number }[];
    const row = rows[0]!;
    return { current: Number(row.hits), ttl: Math.max(0, Number(row.ttl)) };
  }

  /** @fastify/rate-limit asks one per limiter; the keys carry the limiter's name, so one table serves all. */
  child(options: object): PostgresRateLimitStore {
    const timeWindow = (options as { timeWindow?: unknown }).timeWindow;
    const windowMs = typeof timeWindow === 'number' ? timeWindow : this.windowMs;
    return new PostgresRateLimitStore(this.db, windowMs);
  }
}
