import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultErrorMessages, type ErrorCode } from '@pluk/contract';
import type { Database, Transaction } from '../src/db/client.js';
import { inTransaction } from '../src/db/transaction.js';
import { databaseErrorAnswer, isRetryableConflict } from '../src/lib/db-errors.js';
import { registerErrorHandling } from '../src/plugins/errors.js';
import { openTestDatabase, type TestDatabase } from './helpers/test-db.js';

/** A driver error as postgres.js and PGlite throw it, wrapped in `cause` as Drizzle does. */
function pgFailure(code: string): Error {
  const driverError = Object.assign(new Error(`database said ${code}`), { code });
  return new Error('Failed query: …', { cause: driverError });
}

describe('the answer for each SQLSTATE (ADR 050)', () => {
  const table: [string, number, ErrorCode][] = [
    ['23505', 409, 'CONFLICT'],
    ['23503', 409, 'REFERENCE_CONFLICT'],
    ['23514', 400, 'VALIDATION_ERROR'],
    ['23502', 400, 'VALIDATION_ERROR'],
    ['40001', 409, 'CONCURRENT_UPDATE'],
    ['40P01', 409, 'CONCURRENT_UPDATE'],
    ['22P02', 400, 'VALIDATION_ERROR'],
    ['22003', 400, 'VALIDATION_ERROR'],
  ];

  it.each(table)('%s becomes %i %s, bare or wrapped by Drizzle', (code, status, errorCode) => {
    expect(databaseErrorAnswer(pgFailure(code))).toEqual({ status, code: errorCode });
    expect(databaseErrorAnswer(Object.assign(new Error('x'), { code }))).toEqual({ status, code: errorCode });
  });

  it('leaves every other error to the 500 path', () => {
    expect(databaseErrorAnswer(pgFailure('42P01'))).toBeNull(); // undefined table: our bug (a connection failure is 503, ADR 051)
    expect(databaseErrorAnswer(new Error('boom'))).toBeNull();
    expect(databaseErrorAnswer(Object.assign(new Error('fs'), { code: 'ENOENT' }))).toBeNull();
    expect(databaseErrorAnswer(undefined)).toBeNull();
  });

  it('retries only serialization failures and deadlocks', () => {
    expect(isRetryableConflict(pgFailure('40001'))).toBe(true);
    expect(isRetryableConflict(pgFailure('40P01'))).toBe(true);
    for (const code of ['23505', '23503', '40002', '57014'])
      expect(isRetryableConflict(pgFailure(code))).toBe(false);
  });
});

describe('the error handler answers database refusals with JSON, never a 500', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get<{ Params: { code: string } }>('/fail/:code', async (request) => {
      throw pgFailure(request.params.code);
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each([
    ['23505', 409, 'CONFLICT'],
    ['23503', 409, 'REFERENCE_CONFLICT'],
    ['23514', 400, 'VALIDATION_ERROR'],
    ['23502', 400, 'VALIDATION_ERROR'],
    ['40001', 409, 'CONCURRENT_UPDATE'],
    ['40P01', 409, 'CONCURRENT_UPDATE'],
  ] as const)('%s → %i %s with a Dutch message', async (code, status, errorCode) => {
    const response = await app.inject({ method: 'GET', url: `/fail/${code}` });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      error: { code: errorCode, message: defaultErrorMessages[errorCode as ErrorCode] },
    });
  });

  it('keeps an unknown database error a bare 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/fail/42P01' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ error: { code: 'INTERNAL_ERROR' } });
  });

  it('has Dutch messages that tell what to do', () => {
    expect(defaultErrorMessages.CONCURRENT_UPDATE).toMatch(/opnieuw/);
    expect(defaultErrorMessages.REFERENCE_CONFLICT).toMatch(/Vernieuw de pagina/);
  });
});

describe('inTransaction retries a clashing transaction once', () => {
  /** A database stand-in whose transaction runs `work` and lets it throw what it likes. */
  function fakeDb(): { db: Database; runs: () => number } {
    let runs = 0;
    const db = {
      transaction: async <T>(work: (tx: Transaction) => Promise<T>) => {
        runs += 1;
        return work({} as Transaction);
      },
    } as unknown as Database;
    return { db, runs: () => runs };
  }

  it('runs the whole transaction again after a serialization failure', async () => {
    const { db, runs } = fakeDb();
    let attempt = 0;
    const result = await inTransaction(db, async () => {
      attempt += 1;
      if (attempt === 1) throw pgFailure('40001');
      return 'saved';
    });
    expect(result).toBe('saved');
    expect(runs()).toBe(2);
  });

  it('runs it again after a deadlock', async () => {
    const { db, runs } = fakeDb();
    let attempt = 0;
    await inTransaction(db, async () => {
      attempt += 1;
      if (attempt === 1) throw pgFailure('40P01');
    });
    expect(runs()).toBe(2);
  });

  it('gives up after the second clash, with the database error for the handler', async () => {
    const { db, runs } = fakeDb();
    const failure = inTransaction(db, async () => {
      throw pgFailure('40001');
    });
    await expect(failure).rejects.toSatisfy((err) => databaseErrorAnswer(err)?.code === 'CONCURRENT_UPDATE');
    expect(runs()).toBe(2);
  });

  it('never retries another failure', async () => {
    const { db, runs } = fakeDb();
    await expect(
      inTransaction(db, async () => {
        throw pgFailure('23505');
      }),
    ).rejects.toThrow('Failed query');
    await expect(
      inTransaction(db, async () => {
        throw new Error('a rule of ours');
      }),
    ).rejects.toThrow('a rule of ours');
    expect(runs()).toBe(2);
  });
});

describe('every service transaction goes through inTransaction', () => {
  it('no module opens a transaction without the retry', () => {
    const modules = join(import.meta.dirname, '../src/modules');
    const files = readdirSync(modules, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.ts'),
    );
    const raw = files.filter((file) => /\.transaction\(/.test(readFileSync(join(modules, file), 'utf8')));
    expect(raw, 'use inTransaction(db, …) from src/db/transaction.ts (ADR 050)').toEqual([]);
    expect(files.length).toBeGreaterThan(20);
  });
});

describe('real constraint violations of the database driver become 4xx', () => {
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.handle.db;
    await db.execute(sql`create table hygiene_parent (id int primary key)`);
    await db.execute(
      sql`create table hygiene_child (id int primary key, parent_id int not null references hygiene_parent (id), n int check (n >= 0))`,
    );
    await db.execute(sql`insert into hygiene_parent values (1)`);
    await db.execute(sql`insert into hygiene_child values (1, 1, 0)`);
    const statements: Record<string, ReturnType<typeof sql>> = {
      unique: sql`insert into hygiene_child values (1, 1, 0)`,
      reference: sql`insert into hygiene_child values (2, 99, 0)`,
      stillUsed: sql`delete from hygiene_parent where id = 1`,
      check: sql`insert into hygiene_child values (3, 1, -1)`,
      notNull: sql`insert into hygiene_child values (4, null, 0)`,
    };
    app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.post<{ Params: { name: string } }>('/run/:name', async (request) => {
      await inTransaction(db, (tx) => tx.execute(statements[request.params.name]!));
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it.each([
    ['unique', 409, 'CONFLICT'],
    ['reference', 409, 'REFERENCE_CONFLICT'],
    ['stillUsed', 409, 'REFERENCE_CONFLICT'],
    ['check', 400, 'VALIDATION_ERROR'],
    ['notNull', 400, 'VALIDATION_ERROR'],
  ] as const)('%s → %i %s', async (name, status, code) => {
    const response = await app.inject({ method: 'POST', url: `/run/${name}` });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ error: { code } });
  });
});

/*
 * Real clashes need two connections working at once; PGlite is one connection that runs one statement
 * at a time, so a second transaction simply waits and nothing ever clashes there.
 */
describe.skipIf(!process.env.DATABASE_URL)(
  'real clashes on PostgreSQL (skipped on PGlite: one connection)',
  () => {
    let database: TestDatabase;
    let db: Database;
    beforeAll(async () => {
      database = await openTestDatabase();
      db = database.handle.db;
      await db.execute(sql`create table hygiene_counter (id int primary key, n int not null)`);
      await db.execute(sql`insert into hygiene_counter values (1, 0), (2, 0)`);
    });
    afterAll(() => database.drop());

    const counter = async (id: number) => {
      const rows = await db.execute<{ n: number }>(sql`select n from hygiene_counter where id = ${id}`);
      return Number((rows as unknown as { n: number }[])[0]!.n);
    };

    /**
     * One REPEATABLE READ increment. Between its read and its write, `interfere` may commit a change to the
     * same row from another connection: the write then fails with 40001 (could not serialize access).
     */
    async function incrementWith(tx: Transaction, interfere: () => Promise<void>) {
      await tx.execute(sql`set transaction isolation level repeatable read`);
      await tx.execute(sql`select n from hygiene_counter where id = 1`);
      await interfere();
      await tx.execute(sql`update hygiene_counter set n = n + 1 where id = 1`);
    }
    const bumpElsewhere = () =>
      db.execute(sql`update hygiene_counter set n = n + 100 where id = 1`).then(() => {});

    it('retries a serialization failure once, and the second run commits', async () => {
      const before = await counter(1);
      let attempts = 0;
      await inTransaction(db, async (tx) => {
        attempts += 1;
        await incrementWith(tx, attempts === 1 ? bumpElsewhere : async () => {});
      });
      expect(attempts).toBe(2);
      expect(await counter(1)).toBe(before + 100 + 1);
    });

    it('answers 409 CONCURRENT_UPDATE, not 500, when the retry clashes too', async () => {
      const app = Fastify({ logger: false });
      registerErrorHandling(app);
      let attempts = 0;
      app.post('/increment', async () => {
        await inTransaction(db, async (tx) => {
          attempts += 1;
          await incrementWith(tx, bumpElsewhere);
        });
        return { ok: true };
      });
      const response = await app.inject({ method: 'POST', url: '/increment' });
      await app.close();
      expect(attempts).toBe(2);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: { code: 'CONCURRENT_UPDATE', message: defaultErrorMessages.CONCURRENT_UPDATE },
      });
    });

    it('gets both transactions of a real deadlock through: the victim runs again', async () => {
      // Two transactions lock rows 1 and 2 in opposite order; both wait until both hold their first
      // lock, so PostgreSQL must kill one (40P01). Without the retry that request would be a 409.
      let holding = 0;
      let bothHolding!: () => void;
      const barrier = new Promise<void>((resolve) => (bothHolding = resolve));
      const attempts = { a: 0, b: 0 };
      const lockInOrder = (name: 'a' | 'b', first: number, second: number) =>
        inTransaction(db, async (tx) => {
          attempts[name] += 1;
          await tx.execute(sql`update hygiene_counter set n = n + 1 where id = ${first}`);
          if (attempts[name] === 1) {
            holding += 1;
            if (holding === 2) bothHolding();
            await barrier;
          }
          await tx.execute(sql`update hygiene_counter set n = n + 1 where id = ${second}`);
        });
      const before = [await counter(1), await counter(2)];
      const results = await Promise.allSettled([lockInOrder('a', 1, 2), lockInOrder('b', 2, 1)]);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
      expect(attempts.a + attempts.b).toBe(3);
      // Each transaction counted once on each row: the killed first run left nothing behind.
      expect([await counter(1), await counter(2)]).toEqual([before[0]! + 2, before[1]! + 2]);
    });
  },
);
