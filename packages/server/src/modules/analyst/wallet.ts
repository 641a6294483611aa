import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { bucketStarts, type AnalystAnswer } from '@pluk/contract';
import { ledgerEntries, wallets } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import {
  answer,
  byBucket,
  gather,
  point,
  rangeEnd,
  zone,
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

/**
 * The members' wallets at the end of every bucket, from the ledger alone: Σ of them (what the internal
 * bank gave out and is with members; when the range ends today, Σ of the member wallets' `balance_cents`)
 * and the spread of the balances: the 10th percentile, median and 90th
 * percentile (`percentile_disc`: a balance some member had) of the member wallets that existed by then
 * (made by the bucket's end, or moved money by then: a seeded wallet may be younger than its history).
 * SQL sums each wallet's movements per bucket (date_trunc on the farm's clock, movements before the
 * range in the first bucket); the running balances and their percentiles per bucket are counted here,
 * which keeps a year of days (400 buckets × every member) far below the 300 ms of decision 085.
 */
export async function balancesAtEnd(
  range: AnalystRange,
): Promise<Record<'circulation' | 'p10' | 'median' | 'p90', Series>> {
  const starts = bucketStarts(range.from, range.to, range.bucket);
  // The bucket of a moment: its index in `starts` (width_bucket over the instants the later buckets start
  // on the farm's clock; before the second bucket, also before the range, is the first).
  const later = starts.slice(1).map((start) => sql`(${start}::date::timestamp at time zone ${zone})`);
  const indexOf = (moment: SQL) =>
    later.length === 0
      ? sql`0`
      : sql`width_bucket(${moment}, array[${sql.join(later, sql`, `)}]::timestamptz[])`;
  const [walletRows, moveRows] = await Promise.all([
    tenantDb(range.db, range.appId)
      .select({ id: wallets.id, since: sql<number>`${indexOf(sql`${wallets.createdAt}`)}`.mapWith(Number) })
      .from(wallets)
      .where(eq(wallets.kind, 'member')),
    rowsOf<{ wallet: number; at: number[]; delta: (string | number)[] }>(
      range,
      // Each movement once, as two sides (what reached a wallet, what left another), summed per wallet and
      // bucket; one row per wallet with its buckets and sums.
      sql`select w.wallet, array_agg(w.at order by w.at) as at, array_agg(w.delta order by w.at) as delta
        from (
          select side.wallet, m.at, sum(side.delta)::bigint as delta
          from (
            select l.from_wallet_id, l.to_wallet_id, l.amount_cents, ${indexOf(sql`l.created_at`)} as at
            from ledger_entries l where l.app_id = ${range.appId} and l.created_at < ${rangeEnd(range)}
          ) m
          cross join lateral (values (m.to_wallet_id, m.amount_cents), (m.from_wallet_id, -m.amount_cents))
            as side(wallet, delta)
          group by 1, 2
        ) w
        group by 1`,
    ),
  ]);
  const movesByStart = starts.map(() => [] as { wallet: number; delta: number }[]);
  for (const row of moveRows) {
    const at = row.at.map(Number);
    at.forEach((index, i) =>
      movesByStart[index]!.push({ wallet: Number(row.wallet), delta: Number(row.delta[i]) }),
    );
  }
  const balance = new Map<number, number>();
  const since = new Map(walletRows.map((row) => [row.id, row.since]));
  const result = { circulation: new Map(), p10: new Map(), median: new Map(), p90: new Map() } as Record<
    'circulation' | 'p10' | 'median' | 'p90',
    Series
  >;
  let total = 0;
  for (const [index, start] of starts.entries()) {
    for (const move of movesByStart[index]!) {
      if (!since.has(move.wallet)) continue; // the bank's side
      balance.set(move.wallet, (balance.get(move.wallet) ?? 0) + move.delta);
      total += move.delta;
    }
    result.circulation.set(start, total);
    const values: number[] = [];
    for (const [id, first] of since) if (first <= index || balance.has(id)) values.push(balance.get(id) ?? 0);
    values.sort((a, b) => a - b);
    const at = (p: number) =>
      values.length === 0 ? 0 : values[Math.max(0, Math.ceil(p * values.length) - 1)]!;
    result.p10.set(start, at(0.1));
    result.median.set(start, at(0.5));
    result.p90.set(start, at(0.9));
  }
  return result;
}

/** `GET analyst/wallet`. */
export async function walletAnalysis(range: AnalystRange): Promise<AnalystAnswer<'wallet'>> {
  const [flows, balances] = await Promise.all([
    gather({
      issuedCents: ledgerCents(range, ['donation']),
      movedCents: ledgerCents(range, ['purchase', 'reward']),
    }),
    balancesAtEnd(range),
  ]);
  return answer<'wallet'>(range, {
    ...flows,
    circulationCents: balances.circulation,
    balanceP10Cents: balances.p10,
    balanceMedianCents: balances.median,
    balanceP90Cents: balances.p90,
  });
}
