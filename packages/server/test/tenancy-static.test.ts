import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { getTableName } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema/index.js';
import { isFarmTable } from '../src/db/tenant.js';
import { serverPackageRoot } from '../src/paths.js';

/**
 * The static half of the tenancy guard (ADR 049); the run-time half checks every SQL statement in
 * helpers/tenancy-checker.ts. In the server's source, a farm table is only queried through
 * `tenantDb(...)` (or a `farm: TenantDb` handed on): a chain that starts at the raw database (`db`,
 * `tx`, `app.db`, `this.db`, …) and names a farm table fails here, even on a path no test runs.
 */
const farmExports = new Set(
  Object.entries(schema)
    .filter(([, value]) => isFarmTable(value))
    .map(([name]) => name),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Raw-database query chains in `source` that touch a farm table: `db.select(…).from(tasks)` etc. */
function unscopedFarmQueries(source: string): string[] {
  const found: string[] = [];
  const start =
    /\b(?:this\.app\.db|app\.db|this\.db|db|tx)\s*\.\s*(select|selectDistinct|insert|update|delete)\s*\(/g;
  for (const match of source.matchAll(start)) {
    // The chain up to the end of the statement: enough to see its `.from(x)` / `insert(x)` target.
    const rest = source.slice(match.index);
    const end = rest.search(/;\s*\n/);
    const chain = end === -1 ? rest : rest.slice(0, end);
    const targets =
      match[1] === 'select' || match[1] === 'selectDistinct'
        ? [...chain.matchAll(/\.(?:from|(?:inner|left|right|full)Join)\(\s*(\w+)/g)].map((m) => m[1]!)
        : [/^[^(]*\(\s*(\w+)/.exec(chain)?.[1] ?? ''];
    const farm = targets.filter((name) => farmExports.has(name));
    if (farm.length > 0) found.push(`${chain.slice(0, 60).replace(/\s+/g, ' ')}… (${farm.join(', ')})`);
  }
  // Drizzle's relational API (`db.query.tasks.findMany`) cannot be scoped: not for farm tables.
  for (const match of source.matchAll(/\.query\.(\w+)\./g)) {
    if (farmExports.has(match[1]!)) found.push(`${match[0]} (relational query of ${match[1]})`);
  }
  return found;
}

describe('farm tables are only queried through tenantDb (static)', () => {
  it('knows the farm tables', () => {
    expect(farmExports.has('tasks')).toBe(true);
    expect(farmExports.has('apps')).toBe(false);
    expect(farmExports.has('appHosts')).toBe(false);
    const names = [...farmExports].map((name) => getTableName(schema[name as keyof typeof schema] as never));
    expect(names).toContain('task_assignments');
  });

  it('catches a raw query of a farm table and passes a scoped one', () => {
    expect(
      unscopedFarmQueries('const rows = await app.db\n  .select()\n  .from(tasks)\n  .where(x);\n'),
    ).toHaveLength(1);
    expect(unscopedFarmQueries('await tx.insert(taskAssignments).values(v);\n')).toHaveLength(1);
    expect(unscopedFarmQueries('await db.select().from(apps).innerJoin(users, on);\n')).toHaveLength(1);
    expect(unscopedFarmQueries('await tenantDb(app.db, appId).select().from(tasks);\n')).toEqual([]);
    expect(unscopedFarmQueries('await farm.update(tasks).set(v);\n')).toEqual([]);
    expect(unscopedFarmQueries('await app.db.query.tasks.findMany();\n')).toHaveLength(1);
    expect(unscopedFarmQueries('await this.db.select(cols).from(appHosts).innerJoin(apps, on);\n')).toEqual(
      [],
    );
  });

  it('finds none in the server source', () => {
    const src = join(serverPackageRoot, 'src');
    const problems = sourceFiles(src)
      .filter((path) => !path.endsWith(join('db', 'tenant.ts')))
      .flatMap((path) =>
        unscopedFarmQueries(readFileSync(path, 'utf8')).map((p) => `${relative(src, path)}: ${p}`),
      );
    expect(problems).toEqual([]);
  });
});
