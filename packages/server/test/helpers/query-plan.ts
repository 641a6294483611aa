import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import { statementListeners } from './test-db.js';

/** One SQL statement the server ran, with its parameters. */
export interface Statement {
  query: string;
  params: unknown[];
}

/** Every statement run on the test database while `run` runs, and what `run` answered. */
export async function statementsDuring<T>(
  run: () => Promise<T>,
): Promise<{ result: T; statements: Statement[] }> {
  const statements: Statement[] = [];
  const listener = (query: string, params: unknown[]) => void statements.push({ query, params });
  statementListeners.add(listener);
  try {
    return { result: await run(), statements };
  } finally {
    statementListeners.delete(listener);
  }
}

const literal = (value: unknown) =>
  value === null
    ? 'null'
    : typeof value === 'string'
      ? `'${value.replace(/'/g, "''")}'`
      : String(value as number | boolean);

/**
 * PostgreSQL's generic plan of a statement (what a prepared statement runs once it is cached), with
 * sequential scans priced out: the test tables are tiny, and the question is which index the plan can use.
 */
export async function genericPlan(db: Database, { query, params }: Statement): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql.raw(`prepare test_plan as ${query}`));
    const result = (await tx.execute(
      sql.raw(`explain execute test_plan(${params.map(literal).join(', ')})`),
    )) as unknown as Record<string, string>[] | { rows: Record<string, string>[] };
    await tx.execute(sql`deallocate test_plan`);
    const rows = Array.isArray(result) ? result : result.rows;
    return rows.map((row) => Object.values(row)[0]).join('\n');
  });
}
