import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.js';
import { tenantDb } from '../db/tenant.js';
import { apps } from '../db/schema/index.js';

/** The farm's clock: harvest years and dates are counted in Belgian time. */
export const farmTimeZone = 'Europe/Brussels';

export interface HarvestYearStart {
  month: number;
  day: number;
}

export interface HarvestYear {
  /** Named by the calendar year it starts in. */
  year: number;
  /** First day (YYYY-MM-DD, inclusive). */
  startsOn: string;
  /** Last day (YYYY-MM-DD, inclusive). */
  endsOn: string;
}

const dateParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: farmTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date of a moment on the farm's clock. */
export function farmDateOf(moment: Date): { year: number; month: number; day: number } {
  const parts = Object.fromEntries(dateParts.formatToParts(moment).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** The harvest year a moment belongs to, for a farm whose year starts on `start` (e.g. 1 March). */
export function harvestYearOf(moment: Date, start: HarvestYearStart): HarvestYear {
  const { year, month, day } = farmDateOf(moment);
  const beforeStart = month < start.month || (month === start.month && day < start.day);
  const name = beforeStart ? year - 1 : year;
  // The day before the next start: computed on a UTC calendar, which has no daylight-saving gaps.
  const lastDay = new Date(Date.UTC(name + 1, start.month - 1, start.day) - 24 * 60 * 60 * 1000);
  return {
    year: name,
    startsOn: isoDate(name, start.month, start.day),
    endsOn: isoDate(lastDay.getUTCFullYear(), lastDay.getUTCMonth() + 1, lastDay.getUTCDate()),
  };
}

/** When the app's harvest year starts (apps.harvestYearStartMonth/Day). */
export async function harvestYearStartOf(
  db: Database | Transaction,
  appId: string,
): Promise<HarvestYearStart> {
  const [row] = await tenantDb(db, appId)
    .select({ month: apps.harvestYearStartMonth, day: apps.harvestYearStartDay })
    .from(apps)
    .where(eq(apps.appId, appId));
  return { month: row?.month ?? 3, day: row?.day ?? 1 };
}

/** The app's current harvest year. */
export async function currentHarvestYear(
  db: Database | Transaction,
  appId: string,
  now: Date = new Date(),
): Promise<HarvestYear> {
  return harvestYearOf(now, await harvestYearStartOf(db, appId));
}
