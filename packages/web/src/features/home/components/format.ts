const dayAndTime = new Intl.DateTimeFormat('nl-BE', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Brussels',
});
const day = new Intl.DateTimeFormat('nl-BE', { day: 'numeric', month: 'long', timeZone: 'Europe/Brussels' });

/** "za 9 mei 10:00" on the farm's clock. */
export function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dayAndTime.format(date);
}

/** "9 mei". */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : day.format(date);
}
