import { farmTimeZone } from '../modules/harvest-year.js';

/** Minutes the farm's clock (Brussels) is ahead of UTC at `moment`. */
function farmOffsetMinutes(moment: Date): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: farmTimeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    })
      .formatToParts(moment)
      .map((part) => [part.type, Number(part.value)]),
  );
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
  return Math.round((asUtc - moment.getTime()) / 60_000);
}

/** `days` from today at `hour:minute` on the farm's clock. */
export function farmTime(now: Date, days: number, hour: number, minute = 0): Date {
  const day = new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
  const local = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour, minute));
  return new Date(local.getTime() - farmOffsetMinutes(local) * 60_000);
}
