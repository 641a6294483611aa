import { sql } from 'drizzle-orm';

/**
 * `count(*) over ()` as a column of a paged select: the number of rows the WHERE matches, before
 * LIMIT/OFFSET, on every row of the page. The total and the page then cost one query, not two (ADR 046).
 */
export const totalRows = () => sql<number>`count(*) over ()`.mapWith(Number);

/**
 * The total of a page selected with `totalRows()`. An empty page has no row to carry it: on the first
 * page the total is 0; past the end, `count` asks the database once.
 */
export async function pageTotal(
  rows: readonly { total: number }[],
  offset: number,
  count: () => Promise<{ count: number }[]>,
): Promise<number> {
  if (rows[0]) return Number(rows[0].total);
  if (offset === 0) return 0;
  const [row] = await count();
  return Number(row?.count ?? 0);
}
