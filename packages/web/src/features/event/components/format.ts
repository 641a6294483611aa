import { useTranslation } from 'react-i18next';
import type { EventAttendanceStatus } from '@pluk/contract';

const dayFormat = new Intl.DateTimeFormat('nl-BE', { weekday: 'long', day: 'numeric', month: 'long' });
const dayYearFormat = new Intl.DateTimeFormat('nl-BE', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('nl-BE', { hour: '2-digit', minute: '2-digit' });
const shortDateTimeFormat = new Intl.DateTimeFormat('nl-BE', { dateStyle: 'medium', timeStyle: 'short' });

function valid(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** "zaterdag 14 maart" (with the year when it is not this year). */
export function formatDay(date: Date, now = new Date()): string {
  return (date.getFullYear() === now.getFullYear() ? dayFormat : dayYearFormat).format(date);
}

export function formatTime(date: Date): string {
  return timeFormat.format(date);
}

/**
 * When an event happens, in Dutch: "zaterdag 14 maart, 10:00 – 12:00" on one day, else
 * "zaterdag 14 maart 10:00 – zondag 15 maart 12:00".
 */
export function useFormatWhen(): (startIso: string, endIso: string) => string {
  const { t } = useTranslation('events');
  return (startIso, endIso) => {
    const start = valid(startIso);
    const end = valid(endIso);
    if (!start || !end) return `${startIso} – ${endIso}`;
    if (sameDay(start, end)) {
      return t('when.sameDay', { day: formatDay(start), from: formatTime(start), to: formatTime(end) });
    }
    return t('when.range', {
      from: `${formatDay(start)} ${formatTime(start)}`,
      to: `${formatDay(end)} ${formatTime(end)}`,
    });
  };
}

export function formatDateTime(iso: string): string {
  const date = valid(iso);
  return date ? shortDateTimeFormat.format(date) : iso;
}

/** Badge colours of a sign-up's state. */
export const statusColor: Record<EventAttendanceStatus, string> = {
  waiting: 'blue',
  confirmed: 'green',
  refused: 'red',
};
