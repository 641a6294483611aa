import type { AnalystBucket } from '@pluk/contract';

const formats: Record<AnalystBucket, Intl.DateTimeFormat> = {
  day: new Intl.DateTimeFormat('nl-BE', { day: 'numeric', month: 'short', year: '2-digit', timeZone: 'UTC' }),
  week: new Intl.DateTimeFormat('nl-BE', {
    day: 'numeric',
    month: 'short',
    year: '2-digit',
    timeZone: 'UTC',
  }),
  month: new Intl.DateTimeFormat('nl-BE', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
};

/** A bucket as people read it: "3 mrt 25" (a day, or the Monday a week starts), "mrt 2025" (a month). */
export function bucketLabel(start: string, bucket: AnalystBucket): string {
  const label = formats[bucket].format(new Date(`${start}T00:00:00Z`));
  return bucket === 'week' ? `wk ${label}` : label;
}
