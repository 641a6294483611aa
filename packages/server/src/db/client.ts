import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { databaseUnavailability } from '../lib/db-errors.js';
import { ChangeListener, type ChangeListenerHandlers } from './change-listener.js';
import { migrationsFolder } from '../paths.js';
import { PgliteWorkerClient } from './pglite-remote.js';
import * as schema from './schema/index.js';

/** The one database type the code uses; both drivers give a PgDatabase over the same schema. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The handle inside `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  /** The same connection without `onQuery` (tests' own reads and writes); equal to `db` otherwise. */
  unchecked: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations in packages/server/drizzle (idempotent); a test may name another folder. */
  migrate(folder?: string): Promise<void>;
  /**
   * Asks the database `select 1` over a connection kept for the readiness check, never queued behind
   * the request pool (ADR 095); rejects after `timeoutMs` (the connection is then replaced).
   */
  ping(timeoutMs: number): Promise<void>;
  /** PostgreSQL: statements of the pool on a connection and waiting for one (metrics, ADR 095). */
  poolUsage(): PoolUsage | undefined;
  /**
   * PostgreSQL: a connection of its own that listens on `channel` and reconnects (ADR 099); undefined
   * on the embedded database, which is one process.
   */
  listen(channel: string, handlers: ChangeListenerHandlers): ChangeListener | undefined;
  close(): Promise<void>;
}

export interface PoolUsage {
  /** Connections running a statement of the pool. */
  inUse: number;
  /** Statements waiting for a connection (queued in the pool, or behind another statement on a busy one). */
  waiting: number;
  max: number;
}

/** Thrown by `ping` when the database gave no answer in time. */
export class PingTimeout extends Error {
  override name = 'PingTimeout';
  readonly code = 'PING_TIMEOUT';
  constructor(timeoutMs: number) {
    super(`the database did not answer within ${timeoutMs} ms`);
  }
}

/** Rejects with PingTimeout when `work` takes longer than `timeoutMs`. */
async function withinMs<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new PingTimeout(timeoutMs)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Where to open the database: a PostgreSQL URL, a PGlite folder, or an in-memory PGlite (tests). */
export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true };

export interface DatabaseOptions {
  /** Sees every SQL statement the app runs (the tests' tenancy checker, ADR 049); not the migrations. */
  onQuery?: (query: string, params: unknown[]) => void;
  /** PostgreSQL only: pool size and timeouts (ADR 051); each defaults as in `defaultPoolSettings`. */
  pool?: Partial<PoolSettings>;
  /**
   * PGlite only: 'worker' (the default) runs it in a worker thread, 'in-process' on the calling
   * thread, as before decision 104 (kept for the bench's before/after and for tests).
   */
  embedded?: 'worker' | 'in-process';
}

/** The PostgreSQL pool (DATABASE_POOL_MAX, DATABASE_CONNECT_TIMEOUT_SECONDS, DATABASE_STATEMENT_TIMEOUT_SECONDS). */
export interface PoolSettings {
  max: number;
  connectTimeoutSeconds: number;
  /** 0: no limit. */
  statementTimeoutSeconds: number;
}

export const defaultPoolSettings: PoolSettings = {
  max: 10,
  connectTimeoutSeconds: 5,
  statementTimeoutSeconds: 5,
};

/**
 * Seconds before a pool connection that failed tries again: postgres.js grows this with every failure
 * across the pool (up to 20 s), which left requests queued long after the database was back. Capped
 * at half a second, a restarted database is used again within that (ADR 051).
 */
export function reconnectDelaySeconds(failures: number): number {
  return Math.min(0.05 * 2 ** failures, 0.5);
}

/** The advisory lock the migrations run under on PostgreSQL: one process migrates at a time (ADR 095). */
export const migrationLockKey = 3_500_950_021;

/** Thrown without asking the database while it is known to be unreachable (answered 503). */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
  readonly code = 'DATABASE_UNAVAILABLE';
  constructor() {
    super('the database cannot be reached (a trial connection is under way)');
  }
}

/**
 * Answers at once while the database is unreachable, instead of queueing every request behind
 * connection attempts that fail (ADR 051). A connection that cannot be opened (refused, no answer
 * within the connect timeout, "not accepting connections now") closes the gate; from then on one
 * statement at a time goes through as a trial and every other one fails at once with
 * DatabaseUnavailableError. The first statement that succeeds opens the gate again. A connection
 * dropped mid-statement or a statement timeout does not close it: the next connection may well work.
 */
export class DatabaseGate {
  private unreachable = false;
  private trialRunning = false;

  get isOpen(): boolean {
    return !this.unreachable;
  }

  /** Lets a statement through or throws; call the answer with the statement's outcome. */
  admit(): (err?: unknown) => void {
    if (!this.unreachable) return (err) => this.report(err);
    if (this.trialRunning) throw new DatabaseUnavailableError();
    this.trialRunning = true;
    return (err) => {
      this.trialRunning = false;
      this.report(err);
    };
  }

  private report(err: unknown): void {
    if (err === undefined) this.unreachable = false;
    else if (databaseUnavailability(err) === 'unreachable') this.unreachable = true;
  }
}

export async function openDatabase(
  target: DatabaseTarget,
  options: DatabaseOptions = {},
): Promise<DatabaseHandle> {
  const onQuery = options.onQuery;
  const logger = onQuery ? { logger: { logQuery: onQuery } } : {};
  if ('url' in target) {
    const pool = { ...defaultPoolSettings, ...options.pool };
    const common = {
      connect_timeout: pool.connectTimeoutSeconds,
      backoff: reconnectDelaySeconds,
      // Quiet notices ("relation already exists, skipping") from the migrator.
      onnotice: () => {},
    };
    const sql = postgres(target.url, {
      ...common,
      max: pool.max,
      connection:
        pool.statementTimeoutSeconds > 0 ? { statement_timeout: pool.statementTimeoutSeconds * 1000 } : {},
    });
    const inFlight = new Set<{ state?: { pid?: number } }>();
    preparedAndGated(sql, new DatabaseGate(), (pool.connectTimeoutSeconds + 1) * 1000, inFlight);
    const db = drizzlePostgres(sql, { schema, ...logger }) as unknown as Database;
    // The readiness check's own connection, outside the pool and its gate: a storm that holds every
    // pool connection does not delay it, and a lost connection is opened again by the next check.
    const readiness = new ReadinessConnection(target.url);
    return {
      db,
      unchecked: onQuery ? (drizzlePostgres(sql, { schema }) as unknown as Database) : db,
      kind: 'postgres',
      // Migrations run on a connection of their own without the statement timeout: building an index
      // may take longer than a request's statement. Several processes starting together take turns
      // on an advisory lock held by that one connection: the first applies the migrations, the
      // others wait and then find them applied (ADR 095).
      migrate: async (folder = migrationsFolder) => {
        const migrator = postgres(target.url, { ...common, max: 1 });
        try {
          await migrator`select pg_advisory_lock(${migrationLockKey})`;
          await migratePostgres(drizzlePostgres(migrator, { schema }), { migrationsFolder: folder });
          await migrator`select pg_advisory_unlock(${migrationLockKey})`;
        } finally {
          // Ending the session releases the lock too, when a migration failed.
          await migrator.end({ timeout: 5 });
        }
      },
      ping: (timeoutMs) => readiness.ping(timeoutMs),
      // postgres.js pipelines statements onto busy connections: a statement waits when another one
      // is running on its connection, or when no connection has taken it yet.
      poolUsage: () => {
        const backends = new Set<number | undefined>();
        for (const statement of inFlight) if (statement.state) backends.add(statement.state.pid);
        const inUse = Math.min(backends.size, pool.max);
        return { inUse, waiting: Math.max(inFlight.size - inUse, 0), max: pool.max };
      },
      listen: (channel, handlers) => new ChangeListener(target.url, channel, handlers),
      close: async () => {
        await readiness.close();
        await sql.end({ timeout: 5 });
      },
    };
  }
  if (options.embedded !== 'in-process') {
    // The embedded database in a worker thread (decision 104): its statements no longer hold the
    // main thread, which keeps accepting connections and answering health checks and files.
    if ('dataDir' in target) mkdirSync(target.dataDir, { recursive: true });
    const remote = await PgliteWorkerClient.open(
      'dataDir' in target ? { dataDir: join(target.dataDir, 'pglite') } : {},
    );
    return embeddedHandle(remote as unknown as PGlite, logger);
  }
  // pg_trgm: the trigram index of the users' name filter (migration 0004, ADR 056); btree_gin: app_id
  // inside the trigram indexes (ADR 099).
  const extensions = { pg_trgm, btree_gin };
  let client: PGlite;
  if ('dataDir' in target) {
    const dir = join(target.dataDir, 'pglite');
    mkdirSync(target.dataDir, { recursive: true });
    client = await PGlite.create(dir, { extensions });
  } else {
    client = await PGlite.create({ extensions });
  }
  return embeddedHandle(client, logger);
}

/**
 * The handle over the embedded database, in its worker (decision 104) or in this thread: drizzle's
 * PGlite driver uses only `query` and `transaction` (with `query` inside), which the worker client
 * offers with the same answers. The readiness check asks it in its turn, like any statement (ADR 095).
 */
function embeddedHandle(
  client: PGlite,
  logger: { logger?: { logQuery: NonNullable<DatabaseOptions['onQuery']> } },
): DatabaseHandle {
  const pg = drizzlePglite(client, { schema });
  return {
    db: logger.logger ? (drizzlePglite(client, { schema, ...logger }) as unknown as Database) : pg,
    unchecked: pg as unknown as Database,
    kind: 'pglite',
    migrate: (folder = migrationsFolder) => migratePglite(pg, { migrationsFolder: folder }),
    ping: async (timeoutMs) => {
      await withinMs(client.query('select 1'), timeoutMs);
    },
    poolUsage: () => undefined,
    listen: () => undefined,
    close: () => client.close(),
  };
}

/**
 * Drizzle runs its queries unnamed, which postgres.js sends unprepared: a describe round trip before
 * every query with parameters, and PostgreSQL parses and plans it each time. Prepared per connection
 * (postgres.js keys them by text and types), a repeated query is one round trip and planned once
 * (ADR 046). Transactions use their own handle and stay as they are.
 *
 * Every statement of the pool (a transaction's `begin` too) also passes the gate, which answers at
 * once while the database is unreachable (ADR 051).
 *
 * A statement that no connection has taken after `waitBoundMs` (the connect timeout and a second) is
 * answered as unreachable, and the gate hears of it (decision 072). postgres.js 3.4.9 can leave a
 * statement pending forever when the server closes a connection during its startup (a restart:
 * porsager/postgres#1193), and that request then hung; were it the gate's trial, every later request
 * would have been refused until a restart of Pluk.
 */
export function preparedAndGated(
  sql: postgres.Sql,
  gate: DatabaseGate,
  waitBoundMs: number,
  inFlight?: Set<{ state?: { pid?: number } }>,
): void {
  const unsafe = sql.unsafe.bind(sql);
  sql.unsafe = ((
    query: string,
    args?: postgres.ParameterOrJSON<never>[],
    options?: postgres.UnsafeQueryOptions,
  ) => {
    const admitted = gate.admit();
    let told = false;
    const outcome = (err?: unknown) => {
      if (told) return;
      told = true;
      admitted(err);
    };
    const pending = unsafe(query, args, { ...options, prepare: true });
    const tracked = pending as { state?: { pid?: number } };
    inFlight?.add(tracked);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stranded = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        // Taken by a connection (`state` is its backend): the statement timeout bounds it from there.
        if ((pending as { state?: unknown }).state) return;
        outcome(
          Object.assign(new Error('no connection took the statement in time'), { code: 'CONNECT_TIMEOUT' }),
        );
        reject(new DatabaseUnavailableError());
        // Taken off the pool's queue: run later, a `begin` whose caller has gone would hold its
        // connection in a transaction nobody ends, one connection fewer per outage (decision 105).
        const cancel = (pending as { cancel?: () => Promise<unknown> | undefined }).cancel;
        void cancel?.call(pending)?.catch(() => undefined);
      }, waitBoundMs);
      timer.unref?.();
    });
    stranded.catch(() => undefined);
    // `then` starts the query after this tick, as the caller's await does (drizzle's `.values()` first).
    const original = pending.then.bind(pending);
    const answered = new Promise((resolve, reject) => {
      original(resolve, reject);
    });
    answered.then(
      () => outcome(),
      (err: unknown) => outcome(err),
    );
    void answered
      .finally(() => {
        clearTimeout(timer);
        inFlight?.delete(tracked);
      })
      .catch(() => undefined);
    // The caller awaits whichever comes first: the answer, or the bound (`.values()` returns the query itself).
    const raced = Promise.race([answered, stranded]);
    Object.defineProperty(pending, 'then', {
      value: (onFulfilled?: (value: unknown) => unknown, onRejected?: (reason: unknown) => unknown) =>
        raced.then(onFulfilled, onRejected),
    });
    return pending;
  }) as typeof sql.unsafe;
}

/**
 * One PostgreSQL connection kept for the readiness check. A check that gets no answer in time ends
 * it (a half-dead connection would hold every later check); the next check opens a new one.
 */
class ReadinessConnection {
  private sql: postgres.Sql | undefined;

  constructor(private readonly url: string) {}

  async ping(timeoutMs: number): Promise<void> {
    const seconds = Math.max(timeoutMs / 1000, 0.1);
    this.sql ??= postgres(this.url, {
      max: 1,
      connect_timeout: seconds,
      backoff: () => 0,
      onnotice: () => {},
      connection: { statement_timeout: timeoutMs, application_name: 'pluk-readiness' },
    });
    const sql = this.sql;
    try {
      await withinMs(sql`select 1`, timeoutMs);
    } catch (err) {
      if (err instanceof PingTimeout && this.sql === sql) {
        this.sql = undefined;
        void sql.end({ timeout: 0 }).catch(() => undefined);
      }
      throw err;
    }
  }

  async close(): Promise<void> {
    const sql = this.sql;
    this.sql = undefined;
    await sql?.end({ timeout: 1 }).catch(() => undefined);
  }
}

/** Whether an embedded database already exists in DATA_DIR (used to decide demo seeding). */
export function embeddedDatabaseExists(dataDir: string): boolean {
  return existsSync(join(dataDir, 'pglite', 'PG_VERSION'));
}
