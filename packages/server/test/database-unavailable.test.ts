import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultErrorMessages } from '@pluk/contract';
import { ConfigError, parseConfig } from '../src/config.js';
import {
  DatabaseGate,
  DatabaseUnavailableError,
  openDatabase,
  reconnectDelaySeconds,
  type Database,
} from '../src/db/client.js';
import { JobWorker } from '../src/jobs/worker.js';
import {
  databaseErrorAnswer,
  databaseUnavailability,
  isRetryableConflict,
  startupFailureLine,
} from '../src/lib/db-errors.js';
import { registerErrorHandling } from '../src/plugins/errors.js';
import { freePort, silentServer, startAgainst } from './helpers/db-fault-harness.js';
import { createTestContext, type TestContext } from './helpers/test-app.js';

/**
 * A database that cannot be reached or goes away is answered 503 DATABASE_UNAVAILABLE with
 * Retry-After, never a 500 (ADR 051). PGlite cannot go away, so the failures are simulated here as
 * postgres.js and Node throw them; test/database-faults.test.ts stops a real PostgreSQL cluster.
 */

/** A driver error as postgres.js or Node throws it, wrapped in `cause` as Drizzle does. */
function driverFailure(code: string, message = `driver said ${code}`): Error {
  return new Error('Failed query: select …', { cause: Object.assign(new Error(message), { code }) });
}

const unavailableCodes = [
  'ECONNREFUSED',
  'CONNECT_TIMEOUT',
  'ECONNRESET',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'DATABASE_UNAVAILABLE',
  '57P01', // admin_shutdown (pg_ctl stop -m fast, pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '08006', // connection_failure
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '53300', // too_many_connections
  '57014', // query_canceled: statement_timeout
];

describe('which failures mean the database is unavailable', () => {
  it.each(unavailableCodes)('%s → 503 DATABASE_UNAVAILABLE, bare or wrapped', (code) => {
    expect(databaseErrorAnswer(driverFailure(code))).toEqual({ status: 503, code: 'DATABASE_UNAVAILABLE' });
    expect(databaseErrorAnswer(Object.assign(new Error('x'), { code }))).toEqual({
      status: 503,
      code: 'DATABASE_UNAVAILABLE',
    });
  });

  it('sees a refusal inside an AggregateError (Node tries every address of a host)', () => {
    const aggregate = new AggregateError(
      [Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })],
      'x',
    );
    expect(databaseUnavailability(aggregate)).toBe('unreachable');
  });

  it('tells a database that cannot be reached from one that dropped a connection', () => {
    expect(databaseUnavailability(driverFailure('ECONNREFUSED'))).toBe('unreachable');
    expect(databaseUnavailability(driverFailure('CONNECT_TIMEOUT'))).toBe('unreachable');
    expect(databaseUnavailability(driverFailure('57P03'))).toBe('unreachable');
    expect(databaseUnavailability(driverFailure('ECONNRESET'))).toBe('dropped');
    expect(databaseUnavailability(driverFailure('57P01'))).toBe('shutting down');
    expect(databaseUnavailability(driverFailure('57014'))).toBe('statement timeout');
  });

  it('leaves our own bugs and other failures alone, and never retries a transaction for them', () => {
    expect(databaseErrorAnswer(driverFailure('42P01'))).toBeNull();
    expect(databaseErrorAnswer(driverFailure('ENOENT'))).toBeNull();
    expect(databaseErrorAnswer(new Error('boom'))).toBeNull();
    for (const code of unavailableCodes) expect(isRetryableConflict(driverFailure(code))).toBe(false);
  });
});

describe('the error handler answers an unavailable database 503 with Retry-After', () => {
  let app: FastifyInstance;
  const logLines: string[] = [];
  beforeAll(async () => {
    app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => logLines.push(line) } } });
    registerErrorHandling(app);
    app.get<{ Params: { code: string } }>('/fail/:code', async (request) => {
      throw driverFailure(request.params.code, 'write CONNECT_TIMEOUT 127.0.0.1:5433');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(['ECONNREFUSED', 'CONNECT_TIMEOUT', 'CONNECTION_ENDED', '57P01', '57P03', '08006', '57014'])(
    '%s → 503, JSON, Dutch, Retry-After, one warning without a stack',
    async (code) => {
      logLines.length = 0;
      const response = await app.inject({ method: 'GET', url: `/fail/${code}` });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toContain('application/json');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(response.json()).toEqual({
        error: { code: 'DATABASE_UNAVAILABLE', message: defaultErrorMessages.DATABASE_UNAVAILABLE },
      });
      const logged = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ level: 40, msg: 'database unavailable', dbCode: code });
      expect(logLines[0]).not.toMatch(/stack|Failed query/);
    },
  );

  it('has a Dutch message', () => {
    expect(defaultErrorMessages.DATABASE_UNAVAILABLE).toMatch(/databank/);
  });
});

describe('the gate answers at once while the database is unreachable', () => {
  const refused = driverFailure('ECONNREFUSED');

  it('lets one trial through and refuses the others until a statement succeeds', () => {
    const gate = new DatabaseGate();
    gate.admit()(refused);
    expect(gate.isOpen).toBe(false);
    const trial = gate.admit();
    expect(() => gate.admit()).toThrow(DatabaseUnavailableError);
    expect(databaseErrorAnswer(catchError(() => gate.admit()))?.status).toBe(503);
    trial(refused);
    // The failed trial is over: the next statement is the next trial.
    const second = gate.admit();
    expect(() => gate.admit()).toThrow(DatabaseUnavailableError);
    second();
    expect(gate.isOpen).toBe(true);
    gate.admit();
    gate.admit();
  });

  it('stays open after a dropped connection, a shutdown notice or a statement timeout', () => {
    const gate = new DatabaseGate();
    for (const code of ['ECONNRESET', '57P01', '57014', '23505']) gate.admit()(driverFailure(code));
    expect(gate.isOpen).toBe(true);
  });

  it('waits at most half a second before a failed pool connection tries again', () => {
    for (let failures = 0; failures < 40; failures++) {
      expect(reconnectDelaySeconds(failures)).toBeLessThanOrEqual(0.5);
    }
    expect(reconnectDelaySeconds(1)).toBeLessThan(reconnectDelaySeconds(3));
  });
});

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (err) {
    return err;
  }
  return undefined;
}

describe('health', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(() => ctx.close());

  it('answers 503 with Retry-After when the database does not answer, instead of waiting for it', async () => {
    vi.spyOn(ctx.app.db, 'execute').mockReturnValue(new Promise(() => {}) as never);
    const response = await ctx.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ error: { code: 'DATABASE_UNAVAILABLE' } });
    expect(response.headers['retry-after']).toBeDefined();
  });

  it('answers 200 when it does', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
  });

  it('answers a member read 503, not 500, when the connection is refused', async () => {
    const member = await ctx.createUser({ username: 'wachter' });
    vi.spyOn(ctx.app.db, 'select').mockImplementation(() => {
      throw driverFailure('ECONNREFUSED');
    });
    const response = await ctx.request({ method: 'GET', url: '/api/User', as: member });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBeDefined();
  });
});

describe('settings', () => {
  it('has a pool of 10 and 5 s timeouts by default, and reads DATABASE_POOL_MAX', () => {
    expect(parseConfig({}).database).toEqual({
      poolMax: 10,
      connectTimeoutSeconds: 5,
      statementTimeoutSeconds: 5,
    });
    expect(
      parseConfig({
        DATABASE_POOL_MAX: '25',
        DATABASE_CONNECT_TIMEOUT_SECONDS: '2',
        DATABASE_STATEMENT_TIMEOUT_SECONDS: '0',
      }).database,
    ).toEqual({ poolMax: 25, connectTimeoutSeconds: 2, statementTimeoutSeconds: 0 });
    expect(() => parseConfig({ DATABASE_POOL_MAX: '0' })).toThrow(ConfigError);
    expect(() => parseConfig({ DATABASE_CONNECT_TIMEOUT_SECONDS: 'soon' })).toThrow(
      /DATABASE_CONNECT_TIMEOUT/,
    );
  });
});

describe('the job worker survives a database outage', () => {
  /** A database whose every statement fails as a refused connection does. */
  function refusingDatabase(): { db: Database; statements: () => number } {
    let statements = 0;
    const fail = () => {
      statements += 1;
      return Promise.reject(driverFailure('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5433'));
    };
    const chain: unknown = new Proxy(() => {}, {
      get: (_target, prop) =>
        prop === 'then' ? (ok: never, ko: (e: unknown) => void) => fail().then(ok, ko) : () => chain,
      apply: () => chain,
    });
    return { db: chain as Database, statements: () => statements };
  }

  afterEach(() => vi.useRealTimers());

  it('logs warnings without a stack, keeps polling, and enqueues the hourly job again soon', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const warnings: Record<string, unknown>[] = [];
    const errors: unknown[] = [];
    const log = {
      warn: (context: Record<string, unknown>, msg: string) => warnings.push({ ...context, msg }),
      error: (...args: unknown[]) => errors.push(args),
      info: () => {},
      debug: () => {},
    };
    const { db, statements } = refusingDatabase();
    const worker = new JobWorker(db, log as never, { concurrency: 2, leaseSeconds: 60, pollMs: 1000 });
    worker.every('prune', 3_600_000);
    worker.start();
    await vi.advanceTimersByTimeAsync(15_000);
    await worker.stop(0);
    expect(errors).toEqual([]);
    const recurring = warnings.filter(
      (w) => w.msg === 'recurring jobs could not be enqueued: database unavailable',
    );
    // Once at start, once more after the first retry's backoff (10 s ± 20 %), not an hour later.
    expect(recurring.length).toBeGreaterThanOrEqual(2);
    expect(warnings.some((w) => w.msg === 'jobs could not be claimed: database unavailable')).toBe(true);
    expect(warnings.every((w) => !('err' in w) && w.dbCode === 'ECONNREFUSED')).toBe(true);
    expect(statements()).toBeGreaterThan(5);
  });
});

describe('start-up against a database that cannot be reached', () => {
  it('names the cause in one line', () => {
    const refused = driverFailure('ECONNREFUSED');
    expect(startupFailureLine(refused, 'postgres://pluk:secret@127.0.0.1:5433/pluk', 5)).toBe(
      'cannot reach the database at 127.0.0.1:5433: connection refused',
    );
    expect(startupFailureLine(driverFailure('CONNECT_TIMEOUT'), 'postgres://db.example/pluk', 5)).toBe(
      'cannot reach the database at db.example:5432: no answer within 5 s',
    );
    expect(
      startupFailureLine(driverFailure('3D000', 'database "pluk" does not exist'), 'postgres://h:1/pluk', 5),
    ).toBe('the database at h:1 refused Pluk: database "pluk" does not exist');
    expect(startupFailureLine(new Error('a bug'), 'postgres://h/pluk', 5)).toBeUndefined();
  });

  it('exits non-zero with that line when the port refuses', async () => {
    const port = await freePort();
    const run = await startAgainst(`postgres://postgres:geheim@127.0.0.1:${port}/pluk`);
    expect(run.code).not.toBe(0);
    expect(run.output.trim()).toBe(
      `Pluk could not start: cannot reach the database at 127.0.0.1:${port}: connection refused`,
    );
  });

  it('gives up after the connect timeout when the port accepts and never answers', async () => {
    const silent = await silentServer();
    try {
      const run = await startAgainst(`postgres://postgres@127.0.0.1:${silent.port}/pluk`, {
        DATABASE_CONNECT_TIMEOUT_SECONDS: '1',
      });
      expect(run.code).not.toBe(0);
      expect(run.output.trim()).toBe(
        `Pluk could not start: cannot reach the database at 127.0.0.1:${silent.port}: no answer within 1 s`,
      );
    } finally {
      await silent.close();
    }
  });
});

/** The pool's settings reach PostgreSQL (skipped on PGlite: one embedded connection, no timeouts). */
describe.skipIf(!process.env.DATABASE_URL)('the PostgreSQL pool (skipped on PGlite)', () => {
  const url = process.env.DATABASE_URL!;

  it('opens at most DATABASE_POOL_MAX connections', async () => {
    const handle = await openDatabase({ url }, { pool: { max: 2 } });
    try {
      const pids = await Promise.all(
        Array.from({ length: 6 }, () =>
          handle.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid, pg_sleep(0.05)`),
        ),
      );
      const distinct = new Set(pids.map((rows) => (rows as unknown as { pid: number }[])[0]!.pid));
      expect(distinct.size).toBe(2);
    } finally {
      await handle.close();
    }
  });

  it('cancels a statement past the statement timeout: 503, not a request that waits', async () => {
    const handle = await openDatabase({ url }, { pool: { statementTimeoutSeconds: 1 } });
    try {
      const failure = await handle.db.execute(sql`select pg_sleep(30)`).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(databaseUnavailability(failure)).toBe('statement timeout');
      expect(databaseErrorAnswer(failure)).toEqual({ status: 503, code: 'DATABASE_UNAVAILABLE' });
    } finally {
      await handle.close();
    }
  });
});
