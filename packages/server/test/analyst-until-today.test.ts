import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analystCall, analystFarm, type AnalystFarm } from './helpers/analyst.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';
import { farmDay } from '../src/modules/analyst/range.js';

/**
 * Decision 091: a chart ends at today. A range that reaches into the future answers its buckets up to
 * and with the one today falls in; a bucket that has not begun is not drawn as data.
 */

let ctx: TestContext;
let farm: AnalystFarm;
beforeAll(async () => {
  ctx = await createTestContext();
  farm = await analystFarm(ctx, 'ut1');
});
afterAll(() => ctx.close());

const pad = (n: number) => String(n).padStart(2, '0');
/** A day `days` from the farm's today, on a UTC calendar. */
function dayFromToday(days: number): string {
  const [y, m, d] = farmDay().split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d) + days * 86_400_000);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

type Body = { from: string; to: string; points: { start: string }[] };

describe('the analyst’s series end at today', () => {
  it('per day: the last point is today, none after it', async () => {
    const from = dayFromToday(-3);
    const to = dayFromToday(10);
    for (const view of ['Task', 'Event', 'wallet', 'Request', 'Product', 'overview']) {
      const response = await analystCall(ctx, farm, view, `from=${from}&to=${to}&bucket=day`, farm.analyst);
      expect(response.statusCode, `${view}: ${response.body}`).toBe(200);
      const body = json<Body>(response);
      expect(body.to, view).toBe(to);
      expect(
        body.points.map((p) => p.start),
        view,
      ).toEqual([dayFromToday(-3), dayFromToday(-2), dayFromToday(-1), dayFromToday(0)]);
    }
  });

  it('per month: the current month is the last bucket', async () => {
    const today = farmDay();
    const [year] = today.split('-');
    const response = await analystCall(
      ctx,
      farm,
      'Task',
      `from=${year}-01-01&to=${Number(year) + 1}-12-31&bucket=month`,
      farm.analyst,
    );
    expect(response.statusCode, response.body).toBe(200);
    const starts = json<Body>(response).points.map((p) => p.start);
    expect(starts[0]).toBe(`${year}-01-01`);
    expect(starts.at(-1)).toBe(`${today.slice(0, 7)}-01`);
    expect(starts.every((start) => start <= today)).toBe(true);
  });

  it('a range wholly in the past keeps every bucket', async () => {
    const response = await analystCall(
      ctx,
      farm,
      'Task',
      'from=2025-02-01&to=2025-05-31&bucket=month',
      farm.analyst,
    );
    expect(json<Body>(response).points.map((p) => p.start)).toEqual([
      '2025-02-01',
      '2025-03-01',
      '2025-04-01',
      '2025-05-01',
    ]);
  });
});
