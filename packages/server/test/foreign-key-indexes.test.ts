import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { openTestDatabase } from './helpers/test-db.js';

/**
 * Every foreign key has an index leading on its columns (ADR 056): deleting a member or a farm then
 * finds the child rows to cascade or set null through indexes instead of scanning each child table.
 * Read from the catalog after the migrations, so a new table or key without its index fails here.
 */

let db: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await openTestDatabase();
  db = database.handle.unchecked;
  drop = database.drop;
});
afterAll(() => drop());

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * Foreign keys of the public schema (or of the tables named) without a plain (not partial) index whose
 * first columns are exactly the key's columns, in any order.
 */
async function unindexedForeignKeys(tables?: string[]): Promise<string[]> {
  const result = await db.execute(sql`
    select c.conrelid::regclass::text as "table", c.conname as "name",
      (select string_agg(a.attname, ', ' order by k.n) from unnest(c.conkey) with ordinality k(att, n)
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.att) as "columns"
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_namespace s on s.oid = t.relnamespace
    where c.contype = 'f' and s.nspname = 'public'
      and (${tables === undefined} or t.relname = any(string_to_array(${(tables ?? []).join(',')}, ',')))
      and not exists (
        select 1 from pg_index i
        where i.indrelid = c.conrelid and i.indpred is null
          and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
          and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey
      )
    order by 1, 2`);
  return rowsOf<{ table: string; name: string; columns: string }>(result).map(
    (r) => `${r.table}.${r.name} (${r.columns})`,
  );
}

describe('foreign keys', () => {
  it('every one has an index leading on its columns', async () => {
    expect(await unindexedForeignKeys()).toEqual([]);
  });

  it('the check finds a key without one, and not once it is indexed', async () => {
    await db.execute(
      sql`create table fk_probe_parent (app_id text not null, id int not null, primary key (app_id, id))`,
    );
    await db.execute(sql`create table fk_probe_child (
      id int primary key, app_id text not null, parent_id int,
      foreign key (app_id, parent_id) references fk_probe_parent (app_id, id) on delete cascade)`);
    // An index leading on app_id alone, or on the columns after another one, does not count.
    await db.execute(sql`create index fk_probe_app on fk_probe_child (app_id, id)`);
    await db.execute(
      sql`create index fk_probe_partial on fk_probe_child (app_id, parent_id) where parent_id > 0`,
    );
    const probe = ['fk_probe_child', 'fk_probe_parent'];
    expect(await unindexedForeignKeys(probe)).toEqual([
      'fk_probe_child.fk_probe_child_app_id_parent_id_fkey (app_id, parent_id)',
    ]);
    await db.execute(sql`create index fk_probe_parent_key on fk_probe_child (parent_id, app_id, id)`);
    expect(await unindexedForeignKeys(probe)).toEqual([]);
    await db.execute(sql`drop table fk_probe_child, fk_probe_parent`);
  });
});
