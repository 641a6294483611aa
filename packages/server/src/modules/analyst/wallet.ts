import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { bucketStarts, type AnalystAnswer } from '@pluk/contract';
import { ledgerEntries, wallets } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import {
  answer,
  gather,
  rangeEnd,
  rangeStart,
  zone,
  rowsOf,
  type AnalystRange,
  type Series,
  tableSeries,
} from './range.js';

type LedgerKind = 'purchase' | 'reward' | 'donation';

/** Σ cents of the ledger's movements of these kinds per bucket (a donation is the bank's issuance). */
export const ledgerCents = (range: AnalystRange, kinds: LedgerKind[]) =>
  tableSeries(
    range,
    ledgerEntries,
    ledgerEntries.createdAt,
    sql`sum(${ledgerEntries.amountCents})`,
    inArray(ledgerEntries.kind, kinds),
  );

/**
 * The members' wallets at the end of every bucket: Σ of them (what the internal bank gave out and is with
 * members) and the spread of the balances — the 10th percentile, median and 90th percentile (a balance
 * some member had, like `percentile_disc`) of the member wallets that existed by then (made by the
 * bucket's end, or holding or moving money by then: a seeded wallet may be younger than its history).
 * A wallet's balance when the range starts is its `balance_cents` (kept in step with the ledger, ADR 058)
 * minus every movement since; SQL sums each wallet's movements since the range's start per bucket
 * (`width_bucket` over the instants the buckets start on the farm's clock; after the range: one more
 * index), reading only the ledger from the range's start on its `(app_id, created_at)` index. The running
 * balances and percentiles per bucket are counted here: in SQL the carried-forward cross join (members ×
 * buckets) took 0.5–1 s for a year of days (decision 085).
 */
export async function balancesAtEnd(
  range: AnalystRange,
): Promise<Record<'circulation' | 'p10' | 'median' | 'p90', Series>> {
  const starts = bucketStarts(range.from, range.to, range.bucket);
  const bounds = [
    ...starts.slice(1).map((start) => sql`(${start}::date::timestamp at time zone ${zone})`),
    rangeEnd(range),
  ];
  const indexOf = (moment: SQL) =>
    sql`width_bucket(${moment}, array[${sql.join(bounds, sql`, `)}]::timestamptz[])`;
  const [walletRows, moveRows] = await Promise.all([
    tenantDb(range.db, range.appId)
      .select({
        id: wallets.id,
        balance: wallets.balanceCents,
        since: sql<number>`${indexOf(sql`${wallets.createdAt}`)}`.mapWith(Number),
      })
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
            from ledger_entries l where l.app_id = ${range.appId} and l.created_at >= ${rangeStart(range)}
          ) m
          cross join lateral (values (m.to_wallet_id, m.amount_cents), (m.from_wallet_id, -m.amount_cents))
            as side(wallet, delta)
          group by 1, 2
        ) w
        group by 1`,
    ),
  ]);
  const since = new Map(walletRows.map((row) => [row.id, row.since]));
  const balance = new Map(walletRows.map((row) => [row.id, row.balance]));
  const movesByStart = starts.map(() => [] as { wallet: number; delta: number }[]);
  for (const row of moveRows) {
    const wallet = Number(row.wallet);
    if (!balance.has(wallet)) continue; // the bank's side
    row.at.forEach((at, i) => {
      const delta = Number(row.delta[i]);
      // Back to the balance when the range starts; movements within it come back in their bucket.
      balance.set(wallet, balance.get(wallet)! - delta);
      if (Number(at) < starts.length) movesByStart[Number(at)]!.push({ wallet, delta });
    });
  }
  const moved = new Set([...balance].filter(([, cents]) => cents !== 0).map(([id]) => id));
  let total = [...balance.values()].reduce((sum, cents) => sum + cents, 0);
  const result = { circulation: new Map(), p10: new Map(), median: new Map(), p90: new Map() } as Record<
    'circulation' | 'p10' | 'median' | 'p90',
    Series
  >;
  for (const [index, start] of starts.entries()) {
    for (const move of movesByStart[index]!) {
      balance.set(move.wallet, balance.get(move.wallet)! + move.delta);
      moved.add(move.wallet);
      total += move.delta;
    }
    result.circulation.set(start, total);
    const values: number[] = [];
    for (const [id, first] of since) if (first <= index || moved.has(id)) values.push(balance.get(id)!);
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
