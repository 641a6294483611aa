import { z } from 'zod';
import { dayField } from './bank.js';
import { defineRoute } from './define-route.js';

/**
 * The analyst's views (decision 085): numbers of the farm over time, per bucket of the farm's
 * calendar (Europe/Brussels): a day, a week (Monday first) or a month. `from` and `to` are farm days,
 * both included. Money is in integer cents; a series with no rows in a bucket is 0 there.
 */
export const analystBuckets = ['day', 'week', 'month'] as const;
export type AnalystBucket = (typeof analystBuckets)[number];

/** The longest range per bucket, in buckets: a chart stays readable and every call stays fast. */
export const analystLimits = { day: 400, week: 270, month: 130 } as const satisfies Record<
  AnalystBucket,
  number
>;

const dayMs = 24 * 60 * 60 * 1000;
const isDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / dayMs;

/** The first day (YYYY-MM-DD) of the bucket a farm day falls in. */
export function bucketStartOf(day: string, bucket: AnalystBucket): string {
  if (bucket === 'day') return day;
  if (bucket === 'month') return `${day.slice(0, 7)}-01`;
  const date = new Date(Date.parse(`${day}T00:00:00Z`));
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * dayMs).toISOString().slice(0, 10);
}

/** The first day of the next bucket. */
export function nextBucketStart(start: string, bucket: AnalystBucket): string {
  const date = new Date(Date.parse(`${start}T00:00:00Z`));
  if (bucket === 'month')
    return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
  return new Date(date.getTime() + (bucket === 'week' ? 7 : 1) * dayMs).toISOString().slice(0, 10);
}

/** Every bucket start from the bucket of `from` through the bucket of `to`. */
export function bucketStarts(from: string, to: string, bucket: AnalystBucket): string[] {
  const starts: string[] = [];
  for (let start = bucketStartOf(from, bucket); start <= to; start = nextBucketStart(start, bucket)) {
    starts.push(start);
  }
  return starts;
}

const bucketMessage = 'Kies per dag, per week of per maand.';
const bucketNames: Record<AnalystBucket, string> = { day: 'dagen', week: 'weken', month: 'maanden' };

/**
 * `?from=YYYY-MM-DD&to=YYYY-MM-DD&bucket=day|week|month` (default: per month). Without `from` and `to`,
 * the farm's current harvest year; one without the other is refused.
 */
export const analystQuerySchema = z
  .object({
    from: dayField('de begindatum').optional(),
    to: dayField('de einddatum').optional(),
    bucket: z.enum(analystBuckets, { error: bucketMessage }).default('month'),
  })
  .superRefine((query, context) => {
    if (query.from === undefined || query.to === undefined) {
      if (query.from !== undefined || query.to !== undefined) {
        const missing = query.from === undefined ? 'from' : 'to';
        context.addIssue({
          code: 'custom',
          path: [missing],
          message: `Vul ook de ${missing === 'from' ? 'begindatum' : 'einddatum'} in, of laat beide leeg voor dit oogstjaar.`,
        });
      }
      return;
    }
    // A field that is no day has its own message already (the checks below need two real days).
    if (!isDay(query.from) || !isDay(query.to)) return;
    if (dayNumber(query.from) > dayNumber(query.to)) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'De einddatum valt na de begindatum, niet ervoor.',
      });
      return;
    }
    const tooLong = rangeTooLong(query.from, query.to, query.bucket);
    if (tooLong) context.addIssue({ code: 'custom', path: ['bucket'], message: tooLong });
  });
export type AnalystQuery = z.input<typeof analystQuerySchema>;

/** The Dutch refusal of a range with more buckets than a chart shows, else null. */
export function rangeTooLong(from: string, to: string, bucket: AnalystBucket): string | null {
  const max = analystLimits[bucket];
  if (bucketStarts(from, to, bucket).length <= max) return null;
  return (
    `Deze periode is te lang voor een grafiek per ${bucket === 'day' ? 'dag' : bucket === 'week' ? 'week' : 'maand'}: ` +
    `hoogstens ${max} ${bucketNames[bucket]}. Kies een kortere periode of ${bucket === 'month' ? 'een latere begindatum' : 'een grotere indeling'}.`
  );
}

/** The series of each view; every value is an integer (cents for `…Cents`). */
export const analystSeries = {
  wallet: [
    'issuedCents',
    'movedCents',
    'circulationCents',
    'balanceP10Cents',
    'balanceMedianCents',
    'balanceP90Cents',
  ],
  event: ['events', 'signedUp', 'attended'],
  request: ['opened', 'taken', 'confirmed', 'rewardsCents'],
  task: ['places', 'taken', 'confirmed', 'credits'],
  product: ['listed', 'sold', 'salesCents'],
  overview: [
    'members',
    'newMembers',
    'choresDone',
    'attended',
    'requestsDone',
    'sold',
    'issuedCents',
    'movedCents',
  ],
} as const;
export type AnalystView = keyof typeof analystSeries;
export type AnalystSeriesKey<V extends AnalystView> = (typeof analystSeries)[V][number];

function analystAnswerSchema<V extends AnalystView>(view: V) {
  const keys = analystSeries[view] as readonly AnalystSeriesKey<V>[];
  const values = z.object(
    Object.fromEntries(keys.map((key) => [key, z.number().int()])) as Record<
      AnalystSeriesKey<V>,
      z.ZodNumber
    >,
  );
  return z.object({
    /** The range asked, or the current harvest year when none was. */
    from: z.string().describe('YYYY-MM-DD'),
    to: z.string().describe('YYYY-MM-DD'),
    bucket: z.enum(analystBuckets),
    /** The farm's current harvest year (the preset "dit oogstjaar"). */
    harvestYear: z.object({ year: z.number().int(), startsOn: z.string(), endsOn: z.string() }),
    /** One point per bucket, oldest first, also for buckets without activity. */
    points: z.array(z.object({ start: z.string().describe('YYYY-MM-DD'), values })),
  });
}

export const walletAnalysisSchema = analystAnswerSchema('wallet');
export const eventAnalysisSchema = analystAnswerSchema('event');
export const requestAnalysisSchema = analystAnswerSchema('request');
export const taskAnalysisSchema = analystAnswerSchema('task');
export const productAnalysisSchema = analystAnswerSchema('product');
export const overviewAnalysisSchema = analystAnswerSchema('overview');
export type AnalystAnswer<V extends AnalystView> = {
  from: string;
  to: string;
  bucket: AnalystBucket;
  harvestYear: { year: number; startsOn: string; endsOn: string };
  points: { start: string; values: Record<AnalystSeriesKey<V>, number> }[];
};

const analyst = { role: 'Analyst' } as const;
const analystRoute = <P extends string, S extends z.ZodType>(path: P, summary: string, response: S) =>
  defineRoute({
    feature: 'analyst',
    method: 'GET',
    path,
    permission: analyst,
    summary,
    query: analystQuerySchema,
    response: { 200: response },
  });

/**
 * The analyst's views. Analyst passes for Analyst and Admin only (docs/product/people-and-roles.md, "Roles").
 */
export const analystRoutes = {
  wallet: analystRoute(
    'analyst/wallet',
    'Virtual money per bucket: issued by the internal bank, moved between members (purchases and rewards), ' +
      "in members' wallets at the bucket's end and the spread of members' balances then (10th percentile, median, 90th).",
    walletAnalysisSchema,
  ),
  event: analystRoute(
    'analyst/Event',
    'Events per bucket of their start: how many, people signed up (guests included, not refused) and present (confirmed).',
    eventAnalysisSchema,
  ),
  request: analystRoute(
    'analyst/Request',
    'Requests per bucket: opened, taken, confirmed (completed) and the rewards paid in cents.',
    requestAnalysisSchema,
  ),
  task: analystRoute(
    'analyst/Task',
    'Chores per bucket: places offered (by start), taken, confirmed and the credits earned.',
    taskAnalysisSchema,
  ),
  product: analystRoute(
    'analyst/Product',
    'Market offers per bucket: listed, sales confirmed and their value in cents.',
    productAnalysisSchema,
  ),
  overview: analystRoute(
    'analyst/overview',
    'The general overview per bucket: members (at the end, new), activity and money.',
    overviewAnalysisSchema,
  ),
};
