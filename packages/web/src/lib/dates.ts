/**
 * Every date the web app shows, in Dutch (nl-BE), on the device's clock: the same clock the managers'
 * date pickers use, so a chore entered for 09:00 shows 09:00 (for members in Belgium that is the farm's
 * clock). One rule for the year everywhere: it is left out when it is the current year.
 *
 * - `formatDate`: a day in lists and sentences — "22 nov", "3 jan 2025"
 * - `formatMoment`: when something happened — "22 nov, 13:08", "3 jan 2025, 13:08"
 * - `formatDayTime`: when something starts — "di 24 nov, 09:00"
 * - `formatWhen`: from start to end — "di 24 nov, 09:00–12:00", across days
 *   "za 28 nov, 14:00 – zo 29 nov, 12:00"
 * - `formatCalendarDay`: a calendar day without a clock (YYYY-MM-DD), as `formatDate`
 * - `formatTimeAgo`: "5 minuten geleden", "gisteren"; after about a month the date
 *
 * A value that is not a date is shown as it came.
 */

const locale = 'nl-BE';

const dateFormat = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' });
const dateYearFormat = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' });
const dayFormat = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short' });
const dayYearFormat = new Intl.DateTimeFormat(locale, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });
/** Calendar days are dates without a clock: read and shown in UTC so no time zone moves them. */
const calendarDayFormat = new Intl.DateTimeFormat(locale, {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const calendarDayYearFormat = new Intl.DateTimeFormat(locale, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const relativeFormat = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });

type DateInput = string | Date;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

function thisYear(date: Date, now: Date): boolean {
  return date.getFullYear() === now.getFullYear();
}

function day(date: Date, now: Date): string {
  return (thisYear(date, now) ? dayFormat : dayYearFormat).format(date);
}

/** "22 nov" (this year) or "3 jan 2025". */
export function formatDate(value: DateInput, now = new Date()): string {
  const date = toDate(value);
  if (!date) return String(value);
  return (thisYear(date, now) ? dateFormat : dateYearFormat).format(date);
}

/** "22 nov, 13:08" (this year) or "3 jan 2025, 13:08". */
export function formatMoment(value: DateInput, now = new Date()): string {
  const date = toDate(value);
  if (!date) return String(value);
  return `${formatDate(date, now)}, ${timeFormat.format(date)}`;
}

/** "09:00". */
export function formatTime(value: DateInput): string {
  const date = toDate(value);
  return date ? timeFormat.format(date) : String(value);
}

/** "di 24 nov, 09:00" (this year) or "di 24 nov 2027, 09:00". */
export function formatDayTime(value: DateInput, now = new Date()): string {
  const date = toDate(value);
  if (!date) return String(value);
  return `${day(date, now)}, ${timeFormat.format(date)}`;
}

/**
 * From start to end: "di 24 nov, 09:00–12:00" on one day, else both ends in full:
 * "za 28 nov, 14:00 – zo 29 nov, 12:00".
 */
export function formatWhen(start: DateInput, end: DateInput, now = new Date()): string {
  const from = toDate(start);
  const to = toDate(end);
  if (!from || !to) return `${String(start)} – ${String(end)}`;
  if (sameDay(from, to)) return `${day(from, now)}, ${timeFormat.format(from)}–${timeFormat.format(to)}`;
  return `${formatDayTime(from, now)} – ${formatDayTime(to, now)}`;
}

/** A calendar day 'YYYY-MM-DD' as `formatDate`: "1 sep" or "31 aug 2027". */
export function formatCalendarDay(value: string, now = new Date()): string {
  const date = toDate(`${value}T00:00:00Z`);
  if (!date) return value;
  return (date.getUTCFullYear() === now.getFullYear() ? calendarDayFormat : calendarDayYearFormat).format(
    date,
  );
}

/**
 * "zonet" (`justNow`, the translated word for less than a minute), "5 minuten geleden", "3 uur
 * geleden", "gisteren", "2 weken geleden"; older than about a month: `formatDate`.
 */
export function formatTimeAgo(value: DateInput, justNow: string, now = new Date()): string {
  const date = toDate(value);
  if (!date) return String(value);
  const seconds = Math.max(0, (now.getTime() - date.getTime()) / 1000);
  if (seconds < 60) return justNow;
  const minutes = seconds / 60;
  if (minutes < 60) return relativeFormat.format(-Math.floor(minutes), 'minute');
  const hours = minutes / 60;
  if (hours < 24) return relativeFormat.format(-Math.floor(hours), 'hour');
  const days = hours / 24;
  if (days < 7) return relativeFormat.format(-Math.floor(days), 'day');
  const weeks = days / 7;
  if (weeks < 5) return relativeFormat.format(-Math.floor(weeks), 'week');
  return formatDate(date, now);
}
