import { analystSeries, type AnalystView } from '@pluk/contract';
import { makeAccount } from './utils';

/**
 * An Analyst who is no manager (docs/product/people-and-roles.md, "Roles"), and an ApplicationManager who may
 * not look.
 */
export const analyst = makeAccount({ id: 5, roles: ['Analyst'], firstName: 'Arne', lastName: 'Analist' });
export const applicationManager = makeAccount({ id: 6, roles: ['ApplicationManager'] });

export const harvestYear = { year: 2025, startsOn: '2025-03-01', endsOn: '2026-02-28' };

/** An answer of a view: three months, the series numbered 1, 2, 3… times the month (or all zero). */
export function makeAnalysis(
  view: AnalystView,
  options: { empty?: boolean; from?: string; to?: string } = {},
) {
  const keys = analystSeries[view] as readonly string[];
  const starts = ['2025-03-01', '2025-04-01', '2025-05-01'];
  return {
    from: options.from ?? '2025-03-01',
    to: options.to ?? '2025-05-31',
    bucket: 'month',
    harvestYear,
    points: starts.map((start, month) => ({
      start,
      values: Object.fromEntries(
        keys.map((key, index) => [key, options.empty ? 0 : (index + 1) * (month + 1) * 150]),
      ),
    })),
  };
}
