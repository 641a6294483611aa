import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/**
 * Whether a table exists yet. The migration test of 0002 seeds a database of before later migrations
 * (wallets 0005, crops 0009, bank 0010, …): each demo seed of a later feature skips itself there.
 */
export async function tableExists(db: Database, table: string): Promise<boolean> {
  const found = await db.execute(sql`select to_regclass(${`public.${table}`}) is not null as present`);
  const rows =
    (found as unknown as { rows?: { present: boolean }[] }).rows ??
    (found as unknown as { present: boolean }[]);
  return rows[0]?.present === true;
}
