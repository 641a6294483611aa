import { and, eq, getTableName, is, SQL, type SQLWrapper } from 'drizzle-orm';
import { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from './client.js';
import { serverTables } from './server-tables.js';

/**
 * The one way farm tables are read and written (ADR 049). `tenantDb(db, appId)` gives the familiar
 * `select / insert / update / delete` of Drizzle, but every statement on a farm table is bound to the
 * app: `where` and every join's `on` get `table.app_id = appId` added, an update or delete without a
 * `where` still only touches the app's rows, and an insert must carry the app's id. It builds the same
 * single SQL statement a hand-written filter would, so it costs no extra round trip.
 *
 * Server-level tables (see server-tables.ts) pass through unscoped. The test suite checks every SQL
 * statement the server runs, so a query written around this entry point fails the tests. Only
 * `insert(…).values(…)` is offered for farm tables (no `insert … select`), and Drizzle's relational
 * `db.query` API is not used for them.
 */
export function tenantDb(db: Database | Transaction, appId: string): TenantDb {
  const select = (fields?: unknown) => selectFrom(db.select(fields as never), appId);
  const selectDistinct = (fields?: unknown) => selectFrom(db.selectDistinct(fields as never), appId);
  return {
    appId,
    select: select as unknown as Database['select'],
    selectDistinct: selectDistinct as unknown as Database['selectDistinct'],
    insert: ((table: PgTable) => {
      const builder = db.insert(table);
      if (!isFarmTable(table)) return builder;
      return {
        values: (values: Record<string, unknown> | Record<string, unknown>[]) =>
          builder.values(
            (Array.isArray(values) ? values.map((v) => ownRow(v, appId)) : ownRow(values, appId)) as never,
          ),
      };
    }) as unknown as Database['insert'],
    update: ((table: PgTable) => {
      const builder = db.update(table);
      if (!isFarmTable(table)) return builder;
      return {
        set: (values: Record<string, unknown>) => {
          if ('appId' in values && values.appId !== appId) throw crossFarm(table, values.appId);
          return scoped(builder.set(values as never), appScope(table, appId), appId);
        },
      };
    }) as unknown as Database['update'],
    delete: ((table: PgTable) => {
      const builder = db.delete(table);
      return isFarmTable(table) ? scoped(builder, appScope(table, appId), appId) : builder;
    }) as unknown as Database['delete'],
  };
}

export interface TenantDb {
  readonly appId: string;
  select: Database['select'];
  selectDistinct: Database['selectDistinct'];
  insert: Database['insert'];
  update: Database['update'];
  delete: Database['delete'];
}

type FarmTable = PgTable & { appId: PgColumn };

/** A farm table: has an `app_id` column and is not one of the server-level tables. */
export function isFarmTable(table: unknown): table is FarmTable {
  if (!is(table, PgTable)) return false;
  const appIdColumn = (table as unknown as Record<string, unknown>).appId;
  return is(appIdColumn, PgColumn) && !serverTables.includes(getTableName(table));
}

const appScope = (table: FarmTable, appId: string) => eq(table.appId, appId);

function crossFarm(table: PgTable, other: unknown): Error {
  return new Error(`tenantDb(${String(other)}): a row of ${getTableName(table)} for another app`);
}

/** The row with the app's id; a row naming another app is a programming error, never silently moved. */
function ownRow(row: Record<string, unknown>, appId: string): Record<string, unknown> {
  if (row.appId !== undefined && row.appId !== appId)
    throw new Error(`tenantDb(${appId}): insert for app ${String(row.appId)}`);
  return { ...row, appId };
}

type Condition = SQL | SQLWrapper | undefined | ((...args: never[]) => SQL | undefined);

/** `scope and condition`, also for Drizzle's callback form of `where` / `on`. */
function withScope(scope: SQL | undefined, condition: Condition): Condition {
  if (typeof condition === 'function') {
    return (...args: never[]) => and(scope, condition(...args));
  }
  return and(scope, condition as SQL | undefined);
}

/**
 * Wraps a Drizzle builder so that its `where` always keeps `scope`, and each join of a farm table gets
 * the app scope in its `on`. Drizzle builders return themselves from every chained call, so the proxy
 * hands itself back to keep watching.
 */
function scoped<B extends object>(builder: B, scope: SQL | undefined, appId: string): B {
  if (scope) (builder as unknown as { where: (c: SQL) => unknown }).where(scope);
  const proxy: B = new Proxy(builder, {
    get(obj, prop, receiver) {
      const value = Reflect.get(obj, prop, receiver) as unknown;
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (prop === 'where') {
        return (condition: Condition) => {
          method.call(obj, withScope(scope, condition));
          return proxy;
        };
      }
      if (typeof prop === 'string' && /^(inner|left|right|full)Join(Lateral)?$/.test(prop)) {
        return (table: unknown, on: Condition) => {
          const joinOn = isFarmTable(table) ? withScope(appScope(table, appId), on) : on;
          method.call(obj, table, joinOn);
          return proxy;
        };
      }
      return (...args: unknown[]) => {
        const result = method.apply(obj, args);
        return result === obj ? proxy : result;
      };
    },
  });
  return proxy;
}

function selectFrom(builder: { from: (source: never) => object }, appId: string) {
  return {
    from(source: unknown) {
      const query = builder.from(source as never);
      // From a server table or a subquery: only the joins of farm tables need the scope.
      return scoped(query, isFarmTable(source) ? appScope(source, appId) : undefined, appId);
    },
  };
}
