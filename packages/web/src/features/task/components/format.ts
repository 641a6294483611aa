/**
 * Dates of chores in Dutch, on the device's clock: the same clock the manager's date picker uses, so a
 * chore entered for 09:00 shows 09:00 (for members in Belgium that is the farm's clock).
 */

const dayFormat = new Intl.DateTimeFormat('nl-BE', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});
const timeFormat = new Intl.DateTimeFormat('nl-BE', { hour: '2-digit', minute: '2-digit' });
const dateFormat = new Intl.DateTimeFormat('nl-BE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const dayKey = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
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
