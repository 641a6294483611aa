import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  bucketStarts,
  type AnalystAnswer,
  type AnalystBucket,
  type AnalystSeriesKey,
  type AnalystView,
} from '@pluk/contract';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { tenantDb } from '../../db/tenant.js';
import { currentHarvestYear, farmDateOf, farmTimeZone, type HarvestYear } from '../harvest-year.js';

/**
 * One analyst call's range (decision 085): farm days `from`..`to` (both included) on the farm's clock,
 * counted per day, week or month of that clock. Bucketing happens in SQL: `date_trunc` of the moment
 * seen in Europe/Brussels, so a day is the farm's day also across daylight saving.
 */
export interface AnalystRange {
  db: Database;
  appId: string;
  from: string;
  to: string;
  bucket: AnalystBucket;
  /** The farm's current harvest year, told with every answer. */
  harvestYear: HarvestYear;
  /** Today on the farm's clock (YYYY-MM-DD): no bucket after the one it falls in (decision 091). */
  today: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Today (YYYY-MM-DD) on the farm's clock. */
export function farmDay(now: Date = new Date()): string {
  const { year, month, day } = farmDateOf(now);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The range of a call: the query's, or the farm's current harvest year when it names none. */
export async function rangeOf(
  db: Database,
  appId: string,
  query: { from?: string; to?: string; bucket: AnalystBucket },
): Promise<AnalystRange> {
  const harvestYear = await currentHarvestYear(db, appId);
  const from = query.from ?? harvestYear.startsOn;
  const to = query.to ?? harvestYear.endsOn;
  return { db, appId, from, to, bucket: query.bucket, harvestYear, today: farmDay() };
}

/** A series: its value per bucket start (YYYY-MM-DD); a missing bucket is 0. */
export type Series = Map<string, number>;

/** The farm's time zone as SQL. */
export const zone = sql.raw(`'${farmTimeZone}'`);
/** `day` | `week` | `month`: a checked enum, so it is written into the SQL, not passed as a parameter. */
const unit = (bucket: AnalystBucket) => sql.raw(`'${bucket}'`);
const step: Record<AnalystBucket, string> = { day: '1 day', week: '7 days', month: '1 month' };

/** The moment the range starts: midnight of `from` on the farm's clock. */
export const rangeStart = (range: AnalystRange) => sql`(${range.from}::date::timestamp at time zone ${zone})`;
/** The moment after the range: midnight after `to` on the farm's clock. */
export const rangeEnd = (range: AnalystRange) =>
  sql`((${range.to}::date + 1)::timestamp at time zone ${zone})`;

/** The bucket a moment falls in, as the first farm day of that bucket (YYYY-MM-DD). */
export const bucketDate = (moment: SQLWrapper, bucket: AnalystBucket) =>
  sql`date_trunc(${unit(bucket)}, ${moment} at time zone ${zone})::date`;

/** The moment is within the range: a plain range on the column, so its index serves it. */
export const within = (moment: SQLWrapper, range: AnalystRange) =>
  sql`${moment} >= ${rangeStart(range)} and ${moment} < ${rangeEnd(range)}`;

/** The select of a per-bucket series: the bucket's first day and one integer aggregate. */
export function point(moment: SQLWrapper, range: AnalystRange, aggregate: SQL) {
  return {
    start: sql<string>`to_char(${bucketDate(moment, range.bucket)}, 'YYYY-MM-DD')`,
    value: sql<number>`coalesce(${aggregate}, 0)`.mapWith(Number),
  };
}

/** `where` of a per-bucket series: within the range and whatever else the series counts. */
export const seriesWhere = (moment: SQLWrapper, range: AnalystRange, ...more: (SQL | undefined)[]) =>
  and(within(moment, range), ...more);

/** Group by the bucket (the first column). */
export const byBucket = sql`1`;

export const toSeries = (rows: { start: string; value: number }[]): Series =>
  new Map(rows.map((row) => [row.start, Number(row.value)]));

/**
 * A series of one farm table: `aggregate` of its rows per bucket of `moment`, within the range and
 * `more` (one statement through `tenantDb`, so the app's predicate is always there).
 */
export async function tableSeries(
  range: AnalystRange,
  table: PgTable,
  moment: PgColumn,
  aggregate: SQL,
  ...more: (SQL | undefined)[]
): Promise<Series> {
  const rows = await tenantDb(range.db, range.appId)
    .select(point(moment, range, aggregate))
    .from(table)
    .where(seriesWhere(moment, range, ...more))
    .groupBy(byBucket);
  return toSeries(rows);
}

/**
 * The bucket starts of the range as a set-returning SQL expression (`generate_series`), and the moment
 * each bucket ends, bounded by the range's end: for series that are a state at the end of a bucket.
 */
export function bucketGrid(range: AnalystRange) {
  const starts = bucketStarts(range.from, range.to, range.bucket);
  const first = starts[0]!;
  const last = starts[starts.length - 1]!;
  const series = sql`generate_series(${first}::date::timestamp, ${last}::date::timestamp, ${step[range.bucket]}::interval)`;
  /** The end of the bucket starting at `start` (a timestamp without zone column), within the range. */
  const endOf = (start: SQLWrapper) =>
    sql`least(((${start} + ${step[range.bucket]}::interval) at time zone ${zone}), ${rangeEnd(range)})`;
  return { first, series, endOf };
}

/** The rows of a raw statement (PGlite answers `{ rows }`, postgres.js the rows themselves). */
export async function rowsOf<T>(range: AnalystRange, statement: SQL): Promise<T[]> {
  const found = await range.db.execute(statement);
  return (found as unknown as { rows?: T[] }).rows ?? (found as unknown as T[]);
}

/**
 * The answer: one point per bucket of the range up to the bucket of today, every series' value there (0
 * where it had no rows). A bucket that has not begun is no data: drawn as 0 it read as a season that
 * stopped (decision 091); the current bucket, still filling, is the last point.
 */
export function answer<V extends AnalystView>(
  range: AnalystRange,
  series: Record<AnalystSeriesKey<V>, Series>,
): AnalystAnswer<V> {
  const keys = Object.keys(series) as AnalystSeriesKey<V>[];
  return {
    from: range.from,
    to: range.to,
    bucket: range.bucket,
    harvestYear: range.harvestYear,
    points: bucketStarts(range.from, range.to, range.bucket)
      .filter((start) => start <= range.today)
      .map((start) => ({
        start,
        values: Object.fromEntries(keys.map((key) => [key, series[key].get(start) ?? 0])) as Record<
          AnalystSeriesKey<V>,
          number
        >,
      })),
  };
}

/** Runs the series of a view side by side (one query each) and gathers them by name. */
export async function gather<K extends string>(
  queries: Record<K, Promise<Series>>,
): Promise<Record<K, Series>> {
  const keys = Object.keys(queries) as K[];
  const values = await Promise.all(keys.map((key) => queries[key]));
  return Object.fromEntries(keys.map((key, index) => [key, values[index]!])) as unknown as Record<K, Series>;
}
