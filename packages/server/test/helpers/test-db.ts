import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';
import { checkTenancy } from './tenancy-checker.js';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The database's URL on PostgreSQL (a child server process can open it too). */
  url?: string;
  /** Closes the connection and, on PostgreSQL, drops the database. */
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or, when DATABASE_URL
 * is set, a new database `pluk_test_<random>` on that PostgreSQL server, dropped afterwards. Every
 * statement through `handle.db` passes the tenancy checker; `handle.unchecked` is for the tests' own
 * queries. `migrate: false` leaves the migrations to the test; `embedded` picks PGlite's thread (the
 * worker by default, decision 104).
 */
/**
 * Listeners that see every statement the server runs on a test database (after the tenancy checker),
 * with its parameters: `test/list-plans.test.ts` reads the lists' own SQL from here.
 */
export const statementListeners = new Set<(query: string, params: unknown[]) => void>();

export async function openTestDatabase(
  options: { migrate?: boolean; embedded?: 'worker' | 'in-process' } = {},
): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  const checked = {
    onQuery: (query: string, params: unknown[]) => {
      checkTenancy(query);
      for (const listener of statementListeners) listener(query, params);
    },
  };
  if (!serverUrl) {
    const handle = await openDatabase({ memory: true }, { ...checked, embedded: options.embedded });
    if (options.migrate ?? true) await handle.migrate();
    return { handle, drop: () => handle.close().catch(() => undefined) };
  }
  const name = `pluk_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() }, checked);
  if (options.migrate ?? true) await handle.migrate();
  return {
    handle,
    url: url.toString(),
    drop: async () => {
      await handle.close().catch(() => undefined);
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}
