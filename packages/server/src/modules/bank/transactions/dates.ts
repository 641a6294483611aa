import { farmDateOf, farmTimeZone } from '../../harvest-year.js';

const pad = (n: number) => String(n).padStart(2, '0');
const dayMs = 24 * 60 * 60 * 1000;

/** Today on the farm's clock plus `days`, as YYYY-MM-DD (a new transaction's default due date). */
export function farmDayFromNow(days: number, now: Date = new Date()): string {
  const { year, month, day } = farmDateOf(now);
  // Counted on a UTC calendar, which has no daylight-saving gaps.
  const date = new Date(Date.UTC(year, month - 1, day) + days * dayMs);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** Today on the farm's clock, as YYYY-MM-DD. */
export function farmToday(now: Date = new Date()): string {
  return farmDayFromNow(0, now);
}

const brusselsHour = new Intl.DateTimeFormat('en-GB', {
  timeZone: farmTimeZone,
  hour: '2-digit',
  hourCycle: 'h23',
});

/**
 * Noon of a calendar day on the farm's clock: a payment dated by hand ("paid on 3 March") is that day
 * whichever time zone later reads it. Noon is hours away from any daylight-saving switch.
 */
export function farmNoon(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const utcNoon = Date.UTC(year, month - 1, date, 12);
  const offsetHours = Number(brusselsHour.format(new Date(utcNoon))) - 12;
  return new Date(utcNoon - offsetHours * 60 * 60 * 1000);
}
