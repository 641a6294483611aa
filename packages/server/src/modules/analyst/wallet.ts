import { inArray, sql } from 'drizzle-orm';
import type { AnalystAnswer } from '@pluk/contract';
import { ledgerEntries } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import {
  answer,
  bucketDate,
  bucketGrid,
  byBucket,
  gather,
  point,
  rangeEnd,
  rowsOf,
  seriesWhere,
  toSeries,
  type AnalystRange,
  type Series,
} from './range.js';

type LedgerKind = 'purchase' | 'reward' | 'donation';

/** Σ cents of the ledger's movements of these kinds per bucket (a donation is the bank's issuance). */
export async function ledgerCents(range: AnalystRange, kinds: LedgerKind[]): Promise<Series> {
  const rows = await tenantDb(range.db, range.appId)
    .select(point(ledgerEntries.createdAt, range, sql`sum(${ledgerEntries.amountCents})`))
    .from(ledgerEntries)
    .where(seriesWhere(ledgerEntries.createdAt, range, inArray(ledgerEntries.kind, kinds)))
    .groupBy(byBucket);
  return toSeries(rows);
}

interface BalanceRow {
  start: string;
  circulation: string | number;
  p10: string | number | null;
  median: string | number | null;
  p90: string | number | null;
}

/**
 * Members' wallets at the end of every bucket, from the ledger alone: each member wallet's balance is the
 * running Σ of what reached it minus what left it (movements before the range count in the first bucket),
 * so the last bucket's circulation is Σ of the member wallets' `balance_cents` when the range ends today.
 * The spread is the 10th percentile, median and 90th percentile of the balances of the member wallets
 * that existed by then (made before the bucket's end, or moved money by then: a seeded wallet may be younger
 * than its history).
 */
async function balances(
  range: AnalystRange,
): Promise<Record<'circulation' | 'p10' | 'median' | 'p90', Series>> {
  const grid = bucketGrid(range);
  const end = rangeEnd(range);
  const rows = await rowsOf<BalanceRow>(
    range,
    sql`with starts as (select s as start from ${grid.series} s),
      moves as (
        select m.wallet_id, greatest(${bucketDate(sql`m.created_at`, range.bucket)}, ${grid.first}::date) as start,
          sum(m.delta) as delta, count(*) as moves
        from (
          select l.to_wallet_id as wallet_id, l.amount_cents as delta, l.created_at
            from ledger_entries l where l.app_id = ${range.appId} and l.created_at < ${end}
          union all
          select f.from_wallet_id, -f.amount_cents, f.created_at
            from ledger_entries f where f.app_id = ${range.appId} and f.created_at < ${end}
        ) m
        group by 1, 2
      ),
      balances as (
        select s.start, w.created_at,
          sum(coalesce(m.delta, 0)) over (partition by w.id order by s.start) as balance,
          sum(coalesce(m.moves, 0)) over (partition by w.id order by s.start) as moves
        from wallets w
        cross join starts s
        left join moves m on m.wallet_id = w.id and m.start = s.start::date
        where w.app_id = ${range.appId} and w.kind = 'member'
      )
      select to_char(b.start, 'YYYY-MM-DD') as start,
        coalesce(sum(b.balance), 0)::bigint as circulation,
        percentile_disc(0.1) within group (order by b.balance) as p10,
        percentile_disc(0.5) within group (order by b.balance) as median,
        percentile_disc(0.9) within group (order by b.balance) as p90
      from balances b
      where b.created_at < ${grid.endOf(sql`b.start`)} or b.moves > 0
      group by b.start
      order by b.start`,
  );
  const series = (pick: (row: BalanceRow) => string | number | null): Series =>
    new Map(rows.map((row) => [row.start, Number(pick(row) ?? 0)]));
  return {
    circulation: series((row) => row.circulation),
    p10: series((row) => row.p10),
    median: series((row) => row.median),
    p90: series((row) => row.p90),
  };
}

/** `GET analyst/wallet`. */
export async function walletAnalysis(range: AnalystRange): Promise<AnalystAnswer<'wallet'>> {
  const [flows, spread] = await Promise.all([
    gather({
      issuedCents: ledgerCents(range, ['donation']),
      movedCents: ledgerCents(range, ['purchase', 'reward']),
    }),
    balances(range),
  ]);
  return answer<'wallet'>(range, {
    ...flows,
    circulationCents: spread.circulation,
    balanceP10Cents: spread.p10,
    balanceMedianCents: spread.median,
    balanceP90Cents: spread.p90,
  });
}
