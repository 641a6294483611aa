import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The PostgreSQL driver as Pluk installs it, patched (patches/postgres+3.4.9.patch, decision 105)
 * against a connection lost in the middle of a transaction: unpatched, the next statement of that
 * transaction either ended the process (a write scheduled on a socket already gone,
 * porsager/postgres#1208) or stayed pending forever, and could run on the connection the pool opened
 * again, outside the transaction. PostgreSQL only: the embedded database has no connections.
 */
const url = process.env.DATABASE_URL;
const table = `pluk_driver_loss_probe_${process.pid}`;

describe.skipIf(!url)('postgres.js with a transaction whose connection is lost', () => {
  let sql: postgres.Sql;
  let killer: postgres.Sql;

  beforeAll(async () => {
    sql = postgres(url!, { max: 1, onnotice: () => {} });
    killer = postgres(url!, { max: 1, onnotice: () => {} });
    await killer.unsafe(`create table if not exists ${table} (n int)`);
  });

  afterAll(async () => {
    await killer.unsafe(`drop table if exists ${table}`);
    await Promise.all([sql.end({ timeout: 1 }), killer.end({ timeout: 1 })]);
  });

  it('refuses the transaction’s later statements, runs none of them elsewhere, and the process lives', async () => {
    const late: string[] = [];
    let waiting: Promise<unknown> | undefined;
    let finished!: () => void;
    const workDone = new Promise<string>((resolve) => (finished = () => resolve('done')));
    const transaction = sql.begin(async (tx) => {
      const [row] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`;
      await killer`select pg_terminate_backend(${row!.pid})`;
      // The loss is seen by the statement after it (57P01 or CONNECTION_CLOSED).
      await tx`select pg_sleep(0.2)`.catch((err: { code?: string }) => late.push(`first: ${err.code}`));
      // A request queued on the pool now: the pool opens the lost connection again for it.
      waiting = sql`select 1 as one`;
      // The write after the loss: never run, in the transaction or out of it.
      await tx
        .unsafe(`insert into ${table} values (1)`)
        .then(() => late.push('insert ran'))
        .catch((err: { code?: string }) => late.push(`insert: ${err.code}`));
      finished();
    });
    await expect(transaction).rejects.toMatchObject({ code: expect.any(String) as string });
    // The transaction's work ends: its late statement was settled, not left pending.
    const ended = await Promise.race([
      workDone,
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5_000)),
    ]);
    expect(ended).toBe('done');
    // The pool works again, and the row was never written.
    await expect(waiting).resolves.toEqual([{ one: 1 }]);
    expect(late.filter((line) => line.startsWith('insert: '))).toHaveLength(1);
    expect(late).not.toContain('insert ran');
    const [count] = await killer.unsafe<{ n: string }[]>(`select count(*)::text as n from ${table}`);
    expect(count!.n).toBe('0');
  });

  it('offers a connection to the pool when its first statement was cancelled while it opened', async () => {
    const pool = postgres(url!, { max: 1, onnotice: () => {} });
    try {
      // The first statement opens the only connection; its caller gives up before the connection is ready
      // (decision 072's bound does so). Unpatched, that connection idled unseen and the pool waited for ever.
      const first = pool`select 1 as one`.execute();
      await first.cancel();
      await expect(first).rejects.toMatchObject({ code: '57014' });
      const next = await Promise.race([
        pool`select 2 as two`,
        new Promise((resolve) => setTimeout(() => resolve('waited'), 5_000)),
      ]);
      expect(next).toEqual([{ two: 2 }]);
    } finally {
      await pool.end({ timeout: 1 });
    }
  });
});
