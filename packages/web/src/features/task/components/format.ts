/** Dates of chores on the farm's clock (Belgium), in Dutch. */
const timeZone = 'Europe/Brussels';

const dayFormat = new Intl.DateTimeFormat('nl-BE', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone,
});
const timeFormat = new Intl.DateTimeFormat('nl-BE', { hour: '2-digit', minute: '2-digit', timeZone });
const dateFormat = new Intl.DateTimeFormat('nl-BE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone,
});
const dayKey = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone,
});

function valid(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "zaterdag 6 juni, 09:00–12:00", or both ends in full when they fall on different days. */
export function formatTaskWhen(startsAt: string, endsAt: string): string {
  const start = valid(startsAt);
  const end = valid(endsAt);
  if (!start || !end) return `${startsAt} – ${endsAt}`;
  if (dayKey.format(start) === dayKey.format(end)) {
    return `${dayFormat.format(start)}, ${timeFormat.format(start)}–${timeFormat.format(end)}`;
  }
  return `${dayFormat.format(start)} ${timeFormat.format(start)} – ${dayFormat.format(end)} ${timeFormat.format(end)}`;
}

/** "6 juni 2026". */
export function formatDate(iso: string): string {
  const date = valid(iso);
  return date ? dateFormat.format(date) : iso;
}
