import type { AnalystSeriesKey, AnalystView } from '@pluk/contract';

/** What a chart's numbers are: counts, credits (werkpunten) or virtual money in cents. */
export type ChartUnit = 'count' | 'money';

export interface ChartConfig<V extends AnalystView = AnalystView> {
  /** `analyst:charts.<id>` is its title. */
  id: string;
  keys: readonly AnalystSeriesKey<V>[];
  unit: ChartUnit;
}

/**
 * The URL segment of a view under /analyst (docs/product/api-and-routes.md, "Screens and layouts": `Request`
 * in the old spelling; the overview is `graph`).
 */
export type ViewSlug = 'graph' | 'wallet' | 'event' | 'request' | 'task' | 'product';

export const viewOfSlug: Record<ViewSlug, AnalystView> = {
  graph: 'overview',
  wallet: 'wallet',
  event: 'event',
  request: 'request',
  task: 'task',
  product: 'product',
};

/** The order of the views on the analyst home and in the view switcher. */
export const viewSlugs: readonly ViewSlug[] = ['graph', 'wallet', 'event', 'request', 'task', 'product'];

const chart = <V extends AnalystView>(id: string, unit: ChartUnit, ...keys: AnalystSeriesKey<V>[]) => ({
  id,
  unit,
  keys,
});

/** The charts of every view: which series share a chart (one unit per chart). */
export const viewCharts: { [V in AnalystView]: ChartConfig<V>[] } = {
  overview: [
    chart<'overview'>('members', 'count', 'members', 'newMembers'),
    chart<'overview'>('activity', 'count', 'choresDone', 'attended', 'requestsDone', 'sold'),
    chart<'overview'>('money', 'money', 'issuedCents', 'movedCents'),
  ],
  wallet: [
    chart<'wallet'>('money', 'money', 'issuedCents', 'movedCents'),
    chart<'wallet'>('circulation', 'money', 'circulationCents'),
    chart<'wallet'>('spread', 'money', 'balanceP10Cents', 'balanceMedianCents', 'balanceP90Cents'),
  ],
  event: [
    chart<'event'>('events', 'count', 'events'),
    chart<'event'>('attendance', 'count', 'signedUp', 'attended'),
  ],
  request: [
    chart<'request'>('requests', 'count', 'opened', 'taken', 'confirmed'),
    chart<'request'>('rewards', 'money', 'rewardsCents'),
  ],
  task: [
    chart<'task'>('chores', 'count', 'places', 'taken', 'confirmed'),
    chart<'task'>('credits', 'count', 'credits'),
  ],
  product: [
    chart<'product'>('offers', 'count', 'listed', 'sold'),
    chart<'product'>('sales', 'money', 'salesCents'),
  ],
};
