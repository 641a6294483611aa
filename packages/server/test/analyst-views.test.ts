import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overviewAnalysisSchema, walletAnalysisSchema } from '@pluk/contract';
import { ledgerEntries, wallets } from '../src/db/schema/index.js';
import { tenantDb } from '../src/db/tenant.js';
import { expectFieldError } from './helpers/bank-core.js';
import { analystCall, analystFarm, type AnalystFarm } from './helpers/analyst.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

/**
 * The analyst's views (decision 085) on a season with known totals (helpers/analyst.ts): every
 * number per month and per day of the farm's clock, the edges of months and days across daylight saving,
 * the match with the ledger and the wallets, farm isolation, roles and bad input.
 */

let ctx: TestContext;
let farm: AnalystFarm;
let other: AnalystFarm;
beforeAll(async () => {
  ctx = await createTestContext();
  farm = await analystFarm(ctx, 'an1');
  // Another farm with ten times the same season: none of it may show in the first farm's numbers.
  other = await analystFarm(ctx, 'an2', 10);
});
afterAll(() => ctx.close());

const season = 'from=2025-02-01&to=2025-05-31&bucket=month';
type Points = { start: string; values: Record<string, number> }[];
const pointsOf = async (view: string, query = season, as = farm.analyst, on = farm) => {
  const response = await analystCall(ctx, on, view, query, as);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ points: Points }>(response).points;
};
/** One series as [bucket start, value] pairs. */
const seriesOf = (points: Points, key: string) => points.map((p) => [p.start, p.values[key]]);
const months = ['2025-02-01', '2025-03-01', '2025-04-01', '2025-05-01'];
const perMonth = (...values: number[]) => months.map((month, i) => [month, values[i]]);

describe('the numbers per month of the farm’s clock', () => {
  it('wallet: issued, moved, in circulation and the spread of balances', async () => {
    const response = await analystCall(ctx, farm, 'wallet', season, farm.analyst);
    const body = walletAnalysisSchema.parse(json(response));
    expect(body).toMatchObject({ from: '2025-02-01', to: '2025-05-31', bucket: 'month' });
    const points = body.points;
    // The donation at 22:30 UTC on 31 March is 1 April in Brussels.
    expect(seriesOf(points, 'issuedCents')).toEqual(perMonth(0, 1000, 500, 0));
    expect(seriesOf(points, 'movedCents')).toEqual(perMonth(0, 0, 300, 200));
    // The donation of 1 January (31 December in UTC) is in the opening balance.
    expect(seriesOf(points, 'circulationCents')).toEqual(perMonth(700, 1700, 2200, 2200));
    expect(seriesOf(points, 'balanceP10Cents')).toEqual(perMonth(0, 0, 700, 600));
    expect(seriesOf(points, 'balanceMedianCents')).toEqual(perMonth(0, 700, 700, 700));
    expect(seriesOf(points, 'balanceP90Cents')).toEqual(perMonth(700, 1000, 800, 900));
  });

  it('event: events, people signed up (guests included, not refused) and present', async () => {
    const points = await pointsOf('Event');
    expect(seriesOf(points, 'events')).toEqual(perMonth(0, 1, 0, 1));
    expect(seriesOf(points, 'signedUp')).toEqual(perMonth(0, 4, 0, 1));
    expect(seriesOf(points, 'attended')).toEqual(perMonth(0, 3, 0, 1));
  });

  it('request: opened, taken, confirmed and rewards', async () => {
    const points = await pointsOf('Request');
    // Opened at 22:30 UTC on 30 April: 1 May in Brussels.
    expect(seriesOf(points, 'opened')).toEqual(perMonth(1, 0, 0, 1));
    expect(seriesOf(points, 'taken')).toEqual(perMonth(1, 0, 0, 0));
    expect(seriesOf(points, 'confirmed')).toEqual(perMonth(0, 0, 0, 1));
    expect(seriesOf(points, 'rewardsCents')).toEqual(perMonth(0, 0, 0, 200));
  });

  it('task: places offered, taken, confirmed and credits', async () => {
    const points = await pointsOf('Task');
    expect(seriesOf(points, 'places')).toEqual(perMonth(0, 4, 0, 3));
    expect(seriesOf(points, 'taken')).toEqual(perMonth(0, 2, 1, 0));
    expect(seriesOf(points, 'confirmed')).toEqual(perMonth(0, 1, 0, 0));
    expect(seriesOf(points, 'credits')).toEqual(perMonth(0, 2, 0, 0));
  });

  it('product: listed, sold and their value', async () => {
    const points = await pointsOf('Product');
    expect(seriesOf(points, 'listed')).toEqual(perMonth(0, 0, 1, 1));
    expect(seriesOf(points, 'sold')).toEqual(perMonth(0, 0, 1, 0));
    expect(seriesOf(points, 'salesCents')).toEqual(perMonth(0, 0, 300, 0));
  });

  it('overview: members at the end (approved, not deleted), new members, activity and money', async () => {
    const body = overviewAnalysisSchema.parse(
      json(await analystCall(ctx, farm, 'overview', season, farm.analyst)),
    );
    const points = body.points;
    expect(seriesOf(points, 'members')).toEqual(perMonth(4, 4, 4, 4));
    expect(seriesOf(points, 'newMembers')).toEqual(perMonth(0, 0, 1, 0));
    expect(seriesOf(points, 'choresDone')).toEqual(perMonth(0, 1, 0, 0));
    expect(seriesOf(points, 'attended')).toEqual(perMonth(0, 3, 0, 1));
    expect(seriesOf(points, 'requestsDone')).toEqual(perMonth(0, 0, 0, 1));
    expect(seriesOf(points, 'sold')).toEqual(perMonth(0, 0, 1, 0));
    expect(seriesOf(points, 'issuedCents')).toEqual(perMonth(0, 1000, 500, 0));
    expect(seriesOf(points, 'movedCents')).toEqual(perMonth(0, 0, 300, 200));
  });
});

describe('days and weeks across daylight saving', () => {
  it('counts a moment in the farm day it falls on, not the UTC day', async () => {
    const days = await pointsOf('wallet', 'from=2025-03-29&to=2025-04-01&bucket=day');
    expect(days.map((p) => p.start)).toEqual(['2025-03-29', '2025-03-30', '2025-03-31', '2025-04-01']);
    expect(seriesOf(days, 'issuedCents').map(([, v]) => v)).toEqual([0, 0, 0, 500]);
    expect(seriesOf(days, 'circulationCents').map(([, v]) => v)).toEqual([1700, 1700, 1700, 2200]);
    const events = await pointsOf('Event', 'from=2025-03-29&to=2025-04-01&bucket=day');
    // 22:30 UTC on 30 March is 00:30 on 31 March in Brussels.
    expect(seriesOf(events, 'events').map(([, v]) => v)).toEqual([0, 0, 1, 0]);
  });

  it('weeks start on Monday; the first week starts before `from`', async () => {
    const weeks = await pointsOf('Task', 'from=2025-03-12&to=2025-03-31&bucket=week');
    expect(weeks.map((p) => p.start)).toEqual(['2025-03-10', '2025-03-17', '2025-03-24', '2025-03-31']);
    expect(seriesOf(weeks, 'places').map(([, v]) => v)).toEqual([4, 0, 0, 0]);
    expect(seriesOf(weeks, 'confirmed').map(([, v]) => v)).toEqual([1, 0, 0, 0]);
  });

  it('a range without activity answers every bucket with zeros', async () => {
    const points = await pointsOf('Product', 'from=2023-01-01&to=2023-03-31&bucket=month');
    expect(points).toEqual(
      ['2023-01-01', '2023-02-01', '2023-03-01'].map((start) => ({
        start,
        values: { listed: 0, sold: 0, salesCents: 0 },
      })),
    );
  });
});

describe('the default range', () => {
  it('without from and to, the farm’s current harvest year', async () => {
    const response = await analystCall(ctx, farm, 'Event', 'bucket=month', farm.analyst);
    const body = json<{ from: string; to: string; harvestYear: { startsOn: string; endsOn: string } }>(
      response,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(body.from).toBe(body.harvestYear.startsOn);
    expect(body.to).toBe(body.harvestYear.endsOn);
    expect(body.from).toMatch(/^\d{4}-03-01$/);
  });
});

describe('the numbers match the ledger and the wallets', () => {
  it('circulation at the end is Σ of the member wallets; issued and moved are the ledger’s sums', async () => {
    const points = await pointsOf('wallet', 'from=2024-01-01&to=2026-12-31&bucket=month');
    const t = tenantDb(ctx.db, farm.appId);
    const [wallet] = await t
      .select({ total: sql<number>`sum(${wallets.balanceCents})`.mapWith(Number) })
      .from(wallets)
      .where(eq(wallets.kind, 'member'));
    expect(points.at(-1)!.values.circulationCents).toBe(wallet!.total);
    const sumOf = async (kinds: string[]) => {
      const [row] = await t
        .select({ total: sql<number>`sum(${ledgerEntries.amountCents})`.mapWith(Number) })
        .from(ledgerEntries)
        .where(sql`${ledgerEntries.kind} in ${kinds}`);
      return row!.total;
    };
    const total = (key: string) => points.reduce((sum, p) => sum + p.values[key]!, 0);
    expect(total('issuedCents')).toBe(await sumOf(['donation']));
    expect(total('movedCents')).toBe(await sumOf(['purchase', 'reward']));
  });
});

describe('farm isolation', () => {
  it('another farm’s season (ten times the amounts) shows only in that farm', async () => {
    const mine = await pointsOf('wallet');
    const theirs = await pointsOf('wallet', season, other.analyst, other);
    expect(seriesOf(theirs, 'issuedCents')).toEqual(perMonth(0, 10_000, 5_000, 0));
    expect(seriesOf(mine, 'issuedCents')).toEqual(perMonth(0, 1000, 500, 0));
  });

  it('an analyst of another farm is not known here', async () => {
    const response = await analystCall(ctx, farm, 'wallet', season, other.analyst);
    expect(response.statusCode).toBe(401);
  });
});

describe('who may look', () => {
  const views = ['wallet', 'Event', 'Request', 'Task', 'Product', 'overview'];
  it('Analyst and Admin may; an ApplicationManager, a member and a stranger may not', async () => {
    for (const view of views) {
      expect((await analystCall(ctx, farm, view, season, farm.analyst)).statusCode, view).toBe(200);
      expect((await analystCall(ctx, farm, view, season, farm.admin)).statusCode, view).toBe(200);
      expect((await analystCall(ctx, farm, view, season, farm.manager)).statusCode, view).toBe(403);
      expect((await analystCall(ctx, farm, view, season, farm.member)).statusCode, view).toBe(403);
      expect((await analystCall(ctx, farm, view, season)).statusCode, view).toBe(401);
    }
  });
});

describe('bad input: a clear Dutch message', () => {
  const call = (query: string) => analystCall(ctx, farm, 'Task', query, farm.analyst);
  it('refuses an end before the start', async () => {
    expectFieldError(
      await call('from=2025-05-01&to=2025-04-01&bucket=day'),
      'to',
      /einddatum valt na de begindatum/,
    );
  });
  it('refuses a range too long for its bucket', async () => {
    expectFieldError(
      await call('from=2024-01-01&to=2025-12-31&bucket=day'),
      'bucket',
      /te lang .*per dag.*hoogstens 400 dagen/,
    );
    expectFieldError(
      await call('from=2000-01-01&to=2025-12-31&bucket=month'),
      'bucket',
      /hoogstens 130 maanden/,
    );
    expect((await call('from=2024-01-01&to=2025-12-31&bucket=week')).statusCode).toBe(200);
  });
  it('refuses an unknown bucket, a missing or impossible date', async () => {
    expectFieldError(
      await call('from=2025-01-01&to=2025-02-01&bucket=year'),
      'bucket',
      /per dag, per week of per maand/,
    );
    expectFieldError(await call('to=2025-02-01'), 'from', /begindatum/);
    expectFieldError(await call('from=2025-02-30&to=2025-03-01'), 'from', /geldige datum/);
    expectFieldError(await call('from=abc&to=2025-03-01'), 'from', /als datum/);
    expectFieldError(await call('from=2025-01-01&to=2025-13-45&bucket=day'), 'to', /geldige datum/);
    expectFieldError(await call('from=&to='), 'from', /begindatum/);
    expectFieldError(await call('from=1999-12-31&to=2000-01-31'), 'from', /tussen 2000 en 2100/);
  });
});
