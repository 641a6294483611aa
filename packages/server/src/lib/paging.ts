import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { pageCountCap } from '@pluk/contract';
import type { TenantDb } from '../db/tenant.js';
import { HttpError } from './http-error.js';

/**
 * Keyset paging of every list (ADR 056). A list names its order as keys, the last one its `id`; each
 * page selects `cursorColumn(keys)` (the keys as JSON text, exact to the microsecond) and one row more
 * than it shows. The answer's `nextCursor` is that JSON of the last row shown, base64url-encoded; with
 * `after` the next page reads `WHERE (keys) > (cursor)` from the list's index instead of skipping rows
 * with OFFSET. Totals are counted up to `pageCountCap` rows, or not at all when the page shows the end.
 */
export interface PageKey {
  column: SQLWrapper;
  /** The SQL type the cursor's value is cast to. */
  type: 'timestamptz' | 'integer' | 'boolean' | 'text';
  desc?: boolean;
}

/** The paging part of a list's query: `page` (0-based) and `pageSize`, or `page` 1-based with `rowsPerPage`. */
export interface PageRequest {
  /** The first row of this page when it is read by OFFSET (no cursor). */
  offset: number;
  pageSize: number;
  after?: string | undefined;
}

type CursorValue = string | number | boolean | null;

/** The keys of a row as JSON text, selected with every page: what `nextCursor` is made of. */
export function cursorColumn(keys: readonly PageKey[]): SQL<string> {
  return sql<string>`json_build_array(${sql.join(
    keys.map((k) => sql`${k.column}`),
    sql`, `,
  )})::text`;
}

const badCursor = () =>
  new HttpError(400, 'VALIDATION_ERROR', undefined, {
    after: 'Deze lijst is intussen veranderd. Laad ze opnieuw.',
  });

/** The values of a cursor, checked against the list's keys; a cursor of another list or a forged one is a 400. */
export function decodeCursor(keys: readonly PageKey[], after: string): CursorValue[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(values) || values.length !== keys.length) throw badCursor();
  values.forEach((value, i) => {
    const type = keys[i]!.type;
    const ok =
      (value === null && i < keys.length - 1) ||
      (type === 'integer' && Number.isSafeInteger(value)) ||
      (type === 'boolean' && typeof value === 'boolean') ||
      (type === 'text' && typeof value === 'string' && value.length <= 300) ||
      (type === 'timestamptz' &&
        typeof value === 'string' &&
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)$/.test(value));
    if (!ok) throw badCursor();
  });
  return values as CursorValue[];
}

export function encodeCursor(json: string): string {
  return Buffer.from(json, 'utf8').toString('base64url');
}

/**
 * The rows after the cursor in the list's order. All keys one way: one row comparison, `(a, id) > (x, y)`,
 * which the list's `(app_id, a, id)` index answers as a range. Mixed directions: the expanded form.
 */
export function afterCursor(keys: readonly PageKey[], values: readonly CursorValue[]): SQL {
  const value = (i: number) => sql`${values[i]}::${sql.raw(keys[i]!.type)}`;
  const sameWay = keys.every((k) => Boolean(k.desc) === Boolean(keys[0]!.desc));
  if (sameWay && values.every((v) => v !== null)) {
    const columns = sql.join(
      keys.map((k) => sql`${k.column}`),
      sql`, `,
    );
    const cursor = sql.join(
      keys.map((_, i) => value(i)),
      sql`, `,
    );
    return keys[0]!.desc ? sql`(${columns}) < (${cursor})` : sql`(${columns}) > (${cursor})`;
  }
  // (k0 beyond v0) or (k0 = v0 and (k1 beyond v1 or (…)))
  const beyond = (i: number): SQL => {
    const k = keys[i]!;
    const step = k.desc ? sql`${k.column} < ${value(i)}` : sql`${k.column} > ${value(i)}`;
    if (i === keys.length - 1) return step;
    return sql`(${step} or (${k.column} = ${value(i)} and ${beyond(i + 1)}))`;
  };
  return beyond(0);
}

/** What every paged answer carries (contract `pageAnswerShape`). */
export interface PageAnswer<T> {
  items: T[];
  total: number;
  totalIsLowerBound: boolean;
  nextCursor: string | null;
}

/**
 * The answer of a page read with `limit: pageSize + 1`: the extra row only says there is more. The
 * total costs nothing when this page shows the list's end (OFFSET plus what it shows); otherwise it is
 * counted up to `pageCountCap` by `count` (see `countUpTo`).
 */
export async function finishPage<R extends { cursor: string; total?: number | null }, T>(
  rows: readonly R[],
  request: PageRequest,
  present: (row: R) => T,
  count: (cap: number) => Promise<number>,
): Promise<PageAnswer<T>> {
  const shown = rows.slice(0, request.pageSize);
  const hasMore = rows.length > request.pageSize;
  let total: number;
  if (!hasMore && !request.after && (shown.length > 0 || request.offset === 0)) {
    total = request.offset + shown.length;
  } else if (rows[0]?.total != null) {
    // Counted inside the page's own statement (`cappedTotal`): no second round trip.
    total = Number(rows[0].total);
  } else {
    total = await count(pageCountCap + 1);
  }
  const totalIsLowerBound = total > pageCountCap;
  const last = shown[shown.length - 1];
  return {
    items: shown.map(present),
    total: Math.min(total, pageCountCap),
    totalIsLowerBound,
    nextCursor: hasMore && last ? encodeCursor(last.cursor) : null,
  };
}

/** The rows a list counts: `select 1 from <table> where <the list's filter>`, through the farm's tenantDb. */
function listedRows(farm: TenantDb, table: PgTable, where: SQL | undefined) {
  return farm
    .select({ one: sql`1` })
    .from(table)
    .where(where);
}

/**
 * The list's total as a column of its page's own statement: `(select count(*) from (select 1 from
 * <table> where <filter> limit cap) capped)`, uncorrelated, so PostgreSQL runs it once per statement
 * (an InitPlan) and stops after `cap` index entries. The hot lists select it, so a page and its total
 * are one round trip of one prepared statement at any size, as `count(*) over ()` was before the cap
 * (ADR 056). `where` is the list's filter without the cursor.
 */
export function cappedTotal(farm: TenantDb, table: PgTable, where: SQL | undefined): SQL<number> {
  const rows = listedRows(farm, table, where).limit(literalCount(pageCountCap + 1));
  return sql<number>`(select count(*)::int from (${rows}) as capped)`;
}

/**
 * `select count(*) from (select 1 from <table> where <filter> limit cap) capped`: stops after `cap`
 * index entries however many rows match (ADR 056).
 */
export async function countUpTo(
  farm: TenantDb,
  table: PgTable,
  where: SQL | undefined,
  cap: number,
): Promise<number> {
  const capped = listedRows(farm, table, where).limit(literalCount(cap)).as('capped');
  const [row] = await farm.select({ count: sql<number>`count(*)::int` }).from(capped);
  return Number(row?.count ?? 0);
}

/**
 * A count written into the statement's text instead of sent as a parameter (ADR 066). PostgreSQL plans a
 * `LIMIT $n` of a cached (generic) plan as if 10 % of the rows were wanted, so the generic plan of a page
 * of 3 looked dearer than planning afresh and every execution was planned again (0.2–0.3 ms on a large
 * database, more than running it). The values are the list's page sizes (a few per list) and the cap.
 */
export function literalCount(count: number): number {
  if (!Number.isSafeInteger(count) || count < 0) throw new Error(`not a row count: ${count}`);
  return sql.raw(String(count)) as unknown as number;
}

/**
 * A constant of a list's filter (`is_active = true`, `is_approved = false`) written into the text (ADR 066):
 * a parameter there keeps the generic plan from using the partial index made for that value.
 */
export function literalFlag(value: boolean): SQL {
  return sql.raw(value ? 'true' : 'false');
}

/**
 * The LIMIT/OFFSET of a request read by a query built per request: one row more than the page shows,
 * the LIMIT in the text (`literalCount`); OFFSET 0 (the first page, a cursor page) is no OFFSET at all,
 * a deeper OFFSET stays a parameter (page numbers are unbounded; those reads may be planned per run).
 */
export function pageWindow(request: PageRequest): { limit: number; offset: number } {
  return { limit: literalCount(request.pageSize + 1), offset: request.after ? 0 : request.offset };
}

/**
 * The window part of a prepared list's key (ADR 046, 066): the LIMIT, and `+` when the page is read at
 * an OFFSET (a parameter, `offset`, passed by `windowParams`).
 */
export function windowKey(request: PageRequest): string {
  return `${request.pageSize + 1}${!request.after && request.offset > 0 ? '+' : ''}`;
}

/** The LIMIT and OFFSET a prepared list is built with, from `windowKey`. */
export function windowOf(key: string | undefined): { limit: number; offset: number | Placeholder } {
  const limit = Number.parseInt(key ?? '', 10);
  if (!Number.isSafeInteger(limit)) throw new Error(`a prepared list's key without its window: ${key}`);
  return {
    limit: literalCount(limit),
    offset: key?.endsWith('+') ? sql.placeholder('offset') : 0,
  };
}

/** The values of a prepared list's window: the OFFSET when the page has one. */
export function windowParams(request: PageRequest): { offset?: number } {
  return !request.after && request.offset > 0 ? { offset: request.offset } : {};
}

/** The cursor's values as placeholders `c0`, `c1`, … of a prepared query (ADR 046). */
export function cursorPlaceholders(keys: readonly PageKey[]): CursorValue[] {
  return keys.map((_, i) => sql.placeholder(`c${i}`) as unknown as CursorValue);
}

/** The values for `cursorPlaceholders`: `{ c0, c1, … }` of the decoded cursor, or nothing without one. */
export function cursorParams(keys: readonly PageKey[], after: string | undefined): Record<string, unknown> {
  if (!after) return {};
  return Object.fromEntries(decodeCursor(keys, after).map((value, i) => [`c${i}`, value]));
}
