import type { AnalystBucket } from '@pluk/contract';

export interface AnalystRangeValue {
  from: string;
  to: string;
  bucket: AnalystBucket;
}

const dayMs = 24 * 60 * 60 * 1000;
const iso = (date: Date) => date.toISOString().slice(0, 10);
const shift = (day: string, days: number) => iso(new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs));

/** Today on the farm's clock (Brussels), as YYYY-MM-DD. */
export function farmToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Brussels',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export type PresetName = 'harvestYear' | 'last30' | 'lastYear';

/**
 * The quick ranges: this harvest year (as the server tells it, per month), the last 30 days through
 * today (per day) and the last twelve months through today (per week).
 */
export function presetRange(
  name: PresetName,
  harvestYear: { startsOn: string; endsOn: string },
  today: string = farmToday(),
): AnalystRangeValue {
  switch (name) {
    case 'harvestYear':
      return { from: harvestYear.startsOn, to: harvestYear.endsOn, bucket: 'month' };
    case 'last30':
      return { from: shift(today, -29), to: today, bucket: 'day' };
    case 'lastYear': {
      const yearAgo = new Date(Date.parse(`${today}T00:00:00Z`));
      yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
      return { from: shift(iso(yearAgo), 1), to: today, bucket: 'week' };
    }
  }
}

/** The preset a range is, if any (its button shows as chosen). */
export function presetOf(
  range: AnalystRangeValue,
  harvestYear: { startsOn: string; endsOn: string },
  today: string = farmToday(),
): PresetName | null {
  const names: PresetName[] = ['harvestYear', 'last30', 'lastYear'];
  return (
    names.find((name) => {
      const preset = presetRange(name, harvestYear, today);
      return preset.from === range.from && preset.to === range.to && preset.bucket === range.bucket;
    }) ?? null
  );
}
