import { describe, expect, it } from 'vitest';
import { bucketStarts } from '@pluk/contract';
import { chartCsv, cellOf } from './csv';
import { presetOf, presetRange } from './range-presets';
import { seriesColors, dashOf } from './chart-style';
import { contrastRatio } from '../../lib/theme';

const harvestYear = { startsOn: '2026-03-01', endsOn: '2027-02-28' };

describe('the quick ranges', () => {
  it('this harvest year per month, the last 30 days per day, the last year per week', () => {
    expect(presetRange('harvestYear', harvestYear, '2026-11-27')).toEqual({
      from: '2026-03-01',
      to: '2027-02-28',
      bucket: 'month',
    });
    expect(presetRange('last30', harvestYear, '2026-11-27')).toEqual({
      from: '2026-10-29',
      to: '2026-11-27',
      bucket: 'day',
    });
    expect(presetRange('lastYear', harvestYear, '2026-11-27')).toEqual({
      from: '2025-11-28',
      to: '2026-11-27',
      bucket: 'week',
    });
    const last30 = presetRange('last30', harvestYear, '2026-03-30');
    expect(bucketStarts(last30.from, last30.to, 'day')).toHaveLength(30);
  });

  it('knows which preset a range is', () => {
    expect(presetOf(presetRange('last30', harvestYear, '2026-11-27'), harvestYear, '2026-11-27')).toBe(
      'last30',
    );
    expect(
      presetOf({ from: '2026-01-01', to: '2026-01-31', bucket: 'day' }, harvestYear, '2026-11-27'),
    ).toBeNull();
  });
});

describe('the CSV of a chart', () => {
  it('has a header, one row per bucket, a decimal comma for money and quotes where needed', () => {
    const csv = chartCsv(
      'Periode',
      [
        { key: 'issuedCents', label: 'Uitgegeven; door de bank' },
        { key: 'movedCents', label: 'Verhandeld' },
      ],
      [
        { start: '2025-03-01', values: { issuedCents: 123_456, movedCents: 5 } },
        { start: '2025-04-01', values: { issuedCents: 0, movedCents: 0 } },
      ],
      'money',
    );
    expect(csv).toBe(
      '\uFEFFPeriode;"Uitgegeven; door de bank";Verhandeld\r\n2025-03-01;1234,56;0,05\r\n2025-04-01;0,00;0,00\r\n',
    );
    expect(cellOf(-250, 'money')).toBe('-2,50');
    expect(cellOf(7, 'count')).toBe('7');
  });
});

describe('the lines of a chart', () => {
  it('start with the farm’s colours, stand out 3:1 on the page and differ by dash', () => {
    const colors = seriesColors({ primary: '#a5d6a7', secondary: '#ffe082', background: '#f6f8f3' }, 5);
    expect(colors).toHaveLength(5);
    for (const color of colors) expect(contrastRatio(color, '#f6f8f3')).toBeGreaterThanOrEqual(3);
    expect(new Set(colors).size).toBe(5);
    expect(new Set([0, 1, 2, 3, 4].map(dashOf)).size).toBe(5);
  });
});

describe('the numbers of the charts in nl-be (decision 091)', () => {
  it('counts with a thousands point, money with a decimal comma and without a euro sign', async () => {
    const { formatCount, formatMoneyTick, formatValue } = await import('./number-format');
    expect(formatCount(1234)).toBe('1.234');
    expect(formatCount(2)).toBe('2');
    expect(formatMoneyTick(1234.5)).toBe('1.234,5');
    expect(formatMoneyTick(0.45)).toBe('0,45');
    expect(formatValue(123450, true)).toBe('1.234,50 plukgeld');
    expect(formatValue(1234, false)).toBe('1.234');
    expect(formatValue(123450, true)).not.toContain('€');
  });
});
