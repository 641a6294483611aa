import { getTableName } from 'drizzle-orm';
import * as schema from '../../src/db/schema/index.js';
import { isFarmTable } from '../../src/db/tenant.js';

/**
 * The test suite's tenancy guard (ADR 049). Every SQL statement the server runs during the tests passes
 * here; a statement that reads, changes or deletes rows of a farm table without an `app_id = …`
 * predicate on that table (a value, or the app id of another table of the statement), or inserts into a
 * farm table without `app_id`, is a violation: it throws, so the request fails, and it is recorded, so
 * the test file fails even where the error was swallowed. `tenantDb` writes such predicates into every
 * statement; a query written around it does not.
 */
export const farmTableNames: ReadonlySet<string> = new Set(
  Object.values(schema)
    .filter((value) => isFarmTable(value))
    .map((table) => getTableName(table as never)),
);

export class TenancyViolation extends Error {}

export const violations: string[] = [];

const keywords = new Set([
  'where',
  'on',
  'set',
  'inner',
  'left',
  'right',
  'full',
  'cross',
  'join',
  'group',
  'order',
  'limit',
  'offset',
  'for',
  'returning',
  'values',
  'using',
  'as',
  'union',
  'having',
  'lateral',
  'default',
  'select',
]);

const ident = String.raw`"?([a-z_][a-z0-9_]*)"?`;
/** `from t`, `join t`, `update t`, `into t`, each with an optional alias. */
const tableReference = new RegExp(
  String.raw`\b(from|join|update|into)\s+(?:"public"\.)?${ident}(?:\s+(?:as\s+)?${ident})?`,
  'gi',
);

/** The problems of one statement (empty when it keeps to its app). */
export function tenancyProblems(statement: string): string[] {
  // Literals and comments never name a table; blank them so they cannot fake a predicate either.
  const sql = statement
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/--[^\n]*/g, '')
    .toLowerCase();
  const problems: string[] = [];
  for (const match of sql.matchAll(tableReference)) {
    const [, kind, table, maybeAlias] = match as unknown as [string, string, string, string | undefined];
    if (!farmTableNames.has(table)) continue;
    if (kind === 'into') {
      const columns = sql.slice(match.index + match[0].length).match(/^\s*\(([^)]*)\)/);
      if (!columns || !/(^|[\s,])"?app_id"?(\s*,|\s*$)/.test(columns[1]!)) {
        problems.push(`insert into ${table} without app_id`);
      }
      continue;
    }
    const alias = maybeAlias && !keywords.has(maybeAlias) ? maybeAlias : table;
    const column = String.raw`"?${alias}"?\."?app_id"?`;
    const value = String.raw`(?:\$\d+|''|"?[a-z_][a-z0-9_]*"?\."?app_id"?)`;
    const predicate = new RegExp(String.raw`(?:${column}\s*=\s*${value})|(?:${value}\s*=\s*${column})`);
    if (!predicate.test(sql))
      problems.push(`${kind} ${table}${alias === table ? '' : ` ${alias}`} without app_id`);
  }
  return problems;
}

/** The `onQuery` hook of the test database: records and throws on a violation. */
export function checkTenancy(query: string): void {
  const problems = tenancyProblems(query);
  if (problems.length === 0) return;
  const message = `${problems.join('; ')}: ${query}`;
  violations.push(message);
  throw new TenancyViolation(`Tenancy violation (ADR 049), query around tenantDb: ${message}`);
}
