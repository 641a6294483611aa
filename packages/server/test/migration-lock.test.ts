import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { migrationsFolder } from '../src/paths.js';
import { openTestDatabase, type TestDatabase } from './helpers/test-db.js';

// ADR 095: several processes starting together on one PostgreSQL database run
// the migrations once; the others wait on the advisory lock and find them applied.
describe.skipIf(!process.env.DATABASE_URL)('migrations started by several processes at once', () => {
  let fresh: TestDatabase;
  let others: DatabaseHandle[] = [];
  beforeAll(async () => {
    fresh = await openTestDatabase({ migrate: false });
    others = await Promise.all([1, 2].map(() => openDatabase({ url: fresh.url as string })));
  });
  afterAll(async () => {
    await Promise.all(others.map((handle) => handle.close()));
    await fresh.drop();
  });

  it('both succeed and every migration is applied once', async () => {
    const outcomes = await Promise.allSettled([fresh.handle.migrate(), ...others.map((o) => o.migrate())]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const sql = postgres(fresh.url as string, { max: 1 });
    try {
      const [row] = await sql<{ applied: number; distinct: number }[]>`
        select count(*)::int as applied, count(distinct hash)::int as distinct
        from drizzle.__drizzle_migrations`;
      expect(row).toEqual({ applied: journal.entries.length, distinct: journal.entries.length });
      const [app] = await sql<{ exists: boolean }[]>`select to_regclass('public.apps') is not null as exists`;
      expect(app?.exists).toBe(true);
    } finally {
      await sql.end({ timeout: 5 });
    }
  });
});
