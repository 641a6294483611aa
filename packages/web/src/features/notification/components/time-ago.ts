const relative = new Intl.RelativeTimeFormat('nl-BE', { numeric: 'auto' });
const dateFormat = new Intl.DateTimeFormat('nl-BE', { dateStyle: 'medium' });

/**
 * "zonet", "5 minuten geleden", "3 uur geleden", "gisteren", "2 weken geleden"; older than about a
 * month: the date. `justNow` is the translated word for less than a minute.
 */
export function timeAgo(iso: string, justNow: string, now = Date.now()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const seconds = Math.max(0, (now - date.getTime()) / 1000);
  if (seconds < 60) return justNow;
  const minutes = seconds / 60;
  if (minutes < 60) return relative.format(-Math.floor(minutes), 'minute');
  const hours = minutes / 60;
  if (hours < 24) return relative.format(-Math.floor(hours), 'hour');
  const days = hours / 24;
  if (days < 7) return relative.format(-Math.floor(days), 'day');
  const weeks = days / 7;
  if (weeks < 5) return relative.format(-Math.floor(weeks), 'week');
  return dateFormat.format(date);
}
