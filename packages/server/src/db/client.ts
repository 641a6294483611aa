import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { migrationsFolder } from '../paths.js';
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
  close(): Promise<void>;
}

/** Where to open the database: a PostgreSQL URL, a PGlite folder, or an in-memory PGlite (tests). */
export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true };

export interface DatabaseOptions {
  /** Sees every SQL statement the app runs (the tests' tenancy checker, ADR 049); not the migrations. */
  onQuery?: (query: string, params: unknown[]) => void;
}

export async function openDatabase(
  target: DatabaseTarget,
  options: DatabaseOptions = {},
): Promise<DatabaseHandle> {
  const onQuery = options.onQuery;
  const logger = onQuery ? { logger: { logQuery: onQuery } } : {};
  if ('url' in target) {
    // Quiet notices ("relation already exists, skipping") from the migrator.
    const sql = postgres(target.url, { max: 10, onnotice: () => {} });
    preparedByDefault(sql);
    const db = drizzlePostgres(sql, { schema, ...logger }) as unknown as Database;
    return {
      db,
      unchecked: onQuery ? (drizzlePostgres(sql, { schema }) as unknown as Database) : db,
      kind: 'postgres',
      migrate: (folder = migrationsFolder) =>
        migratePostgres(drizzlePostgres(sql, { schema }), { migrationsFolder: folder }),
      close: () => sql.end({ timeout: 5 }),
    };
  }
  // pg_trgm: the trigram index of the users' name filter (migration 0004, ADR 056).
  const extensions = { pg_trgm };
  let client: PGlite;
  if ('dataDir' in target) {
    const dir = join(target.dataDir, 'pglite');
    mkdirSync(target.dataDir, { recursive: true });
    client = await PGlite.create(dir, { extensions });
  } else {
    client = await PGlite.create({ extensions });
  }
  const pg = drizzlePglite(client, { schema });
  return {
    db: onQuery ? (drizzlePglite(client, { schema, ...logger }) as unknown as Database) : pg,
    unchecked: pg as unknown as Database,
    kind: 'pglite',
    migrate: (folder = migrationsFolder) => migratePglite(pg, { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

/**
 * Drizzle runs its queries unnamed, which postgres.js sends unprepared: a describe round trip before
 * every query with parameters, and PostgreSQL parses and plans it each time. Prepared per connection
 * (postgres.js keys them by text and types), a repeated query is one round trip and planned once
 * (ADR 046). Transactions use their own handle and stay as they are.
 */
function preparedByDefault(sql: postgres.Sql): void {
  const unsafe = sql.unsafe.bind(sql);
  sql.unsafe = ((
    query: string,
    args?: postgres.ParameterOrJSON<never>[],
    options?: postgres.UnsafeQueryOptions,
  ) => unsafe(query, args, { ...options, prepare: true })) as typeof sql.unsafe;
}

/** Whether an embedded database already exists in DATA_DIR (used to decide demo seeding). */
export function embeddedDatabaseExists(dataDir: string): boolean {
  return existsSync(join(dataDir, 'pglite', 'PG_VERSION'));
}
