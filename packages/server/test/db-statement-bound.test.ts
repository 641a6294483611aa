import type postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { DatabaseGate, DatabaseUnavailableError, preparedAndGated } from '../src/db/client.js';

/**
 * A statement no connection takes in time is answered 503 and does not hold the gate (decision 072):
 * postgres.js 3.4.9 can leave one pending forever when PostgreSQL closes a connection during its
 * startup (a restart, porsager/postgres#1193); test/database-faults.test.ts once saw one request of
 * 2,171 hang for it. Here postgres.js is stood in for by statements that settle when the test says.
 */

/** A postgres.js PendingQuery as far as the wrapper uses it: a promise with `state` and `values()`. */
class FakeQuery extends Promise<unknown> {
  state: unknown = null;
  cancelled = false;
  values() {
    return this;
  }
  cancel() {
    this.cancelled = true;
    return Promise.resolve();
  }
}

function fakeSql() {
  const made: { query: FakeQuery; resolve: (value: unknown) => void; reject: (err: unknown) => void }[] = [];
  const sql = {
    unsafe: () => {
      let resolve!: (value: unknown) => void;
      let reject!: (err: unknown) => void;
      const query = new FakeQuery((res, rej) => {
        resolve = res;
        reject = rej;
      });
      made.push({ query, resolve, reject });
      return query;
    },
  };
  return { sql: sql as unknown as postgres.Sql, made };
}

const bound = 40;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a statement waits for a connection only so long (decision 072)', () => {
  it('answers one that no connection took as unavailable, closes the gate and frees its trial', async () => {
    const { sql, made } = fakeSql();
    const gate = new DatabaseGate();
    preparedAndGated(sql, gate, bound);
    const started = Date.now();
    await expect(sql.unsafe('select 1').values()).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(bound - 5);
    expect(gate.isOpen).toBe(false);
    // Taken off the pool's queue, so it never runs after its caller has gone (decision 105).
    expect(made[0]!.query.cancelled).toBe(true);
    // The next statement is the trial; while it runs, others are refused at once.
    const trial = sql.unsafe('select 2');
    expect(() => sql.unsafe('select 3')).toThrow(DatabaseUnavailableError);
    made[1]!.resolve([{ ok: 1 }]);
    await expect(trial).resolves.toEqual([{ ok: 1 }]);
    expect(gate.isOpen).toBe(true);
    // The stranded statement settling later changes nothing.
    made[0]!.reject(Object.assign(new Error('late'), { code: 'ECONNREFUSED' }));
    await sleep(5);
    expect(gate.isOpen).toBe(true);
  });

  it('leaves a statement a connection has taken to the statement timeout', async () => {
    const { sql, made } = fakeSql();
    const gate = new DatabaseGate();
    preparedAndGated(sql, gate, bound);
    const answer = sql.unsafe('select pg_sleep(0.1)');
    made[0]!.query.state = { pid: 42 };
    await sleep(bound * 2);
    made[0]!.resolve(['late but answered']);
    await expect(answer).resolves.toEqual(['late but answered']);
    expect(made[0]!.query.cancelled).toBe(false);
    expect(gate.isOpen).toBe(true);
  });

  it('passes answers and errors through as they come', async () => {
    const { sql, made } = fakeSql();
    const gate = new DatabaseGate();
    preparedAndGated(sql, gate, bound);
    const ok = sql.unsafe('select 1');
    made[0]!.resolve(['one']);
    await expect(ok).resolves.toEqual(['one']);
    const failed = sql.unsafe('select broken');
    const error = Object.assign(new Error('syntax'), { code: '42601' });
    made[1]!.reject(error);
    await expect(failed.catch((err: unknown) => err)).resolves.toBe(error);
    expect(gate.isOpen).toBe(true);
  });
});
