import { describe, expect, it } from 'vitest';
import {
  formatCalendarDay,
  formatDate,
  formatDayTime,
  formatMoment,
  formatTime,
  formatTimeAgo,
  formatWhen,
} from './dates';

// The formatters follow the device's clock; vite.config.ts fixes it to the farm's (Europe/Brussels)
// for the web tests, and every date here carries its own offset.
it('runs on the clock of Brussels', () => {
  expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('Europe/Brussels');
});

/** "Now" for every test: Sunday 22 November 2026, 12:00 in Brussels. */
const now = new Date('2026-11-22T12:00:00+01:00');

describe('formatDate', () => {
  it('shows day and short month, without the current year', () => {
    expect(formatDate('2026-11-22T13:08:00+01:00', now)).toBe('22 nov');
    expect(formatDate('2026-05-09T10:00:00+02:00', now)).toBe('9 mei');
  });

  it('adds the year when it is another year', () => {
    expect(formatDate('2025-01-03T10:00:00+01:00', now)).toBe('3 jan 2025');
    expect(formatDate('2027-06-01T10:00:00+02:00', now)).toBe('1 jun 2027');
  });

  it('uses the local day, not the UTC one', () => {
    // 23:30 UTC on 31 December 2025 is already New Year's Day in Brussels.
    expect(formatDate('2025-12-31T23:30:00Z', now)).toBe('1 jan');
  });

  it('shows what is not a date as it came', () => {
    expect(formatDate('not a date', now)).toBe('not a date');
  });
});

describe('formatMoment', () => {
  it('is the date with the time', () => {
    expect(formatMoment('2026-11-18T13:08:00+01:00', now)).toBe('18 nov, 13:08');
    expect(formatMoment('2025-11-18T07:05:00+01:00', now)).toBe('18 nov 2025, 07:05');
  });

  it('reads other offsets on the local clock', () => {
    expect(formatMoment('2026-11-18T12:08:00Z', now)).toBe('18 nov, 13:08');
  });
});

describe('formatTime and formatDayTime', () => {
  it('shows hours and minutes with two digits', () => {
    expect(formatTime('2026-11-24T09:05:00+01:00')).toBe('09:05');
  });

  it('shows the weekday, date and time of an upcoming moment', () => {
    expect(formatDayTime('2026-11-24T09:00:00+01:00', now)).toBe('di 24 nov, 09:00');
    expect(formatDayTime('2027-01-05T14:00:00+01:00', now)).toBe('di 5 jan 2027, 14:00');
  });
});

describe('formatWhen', () => {
  it('shows a time range on one day', () => {
    expect(formatWhen('2026-11-24T09:00:00+01:00', '2026-11-24T12:00:00+01:00', now)).toBe(
      'di 24 nov, 09:00–12:00',
    );
  });

  it('shows both ends in full across days', () => {
    expect(formatWhen('2026-11-28T14:00:00+01:00', '2026-11-29T12:00:00+01:00', now)).toBe(
      'za 28 nov, 14:00 – zo 29 nov, 12:00',
    );
  });

  it('decides "one day" on the local clock', () => {
    // 23:00–01:00 UTC crosses midnight in UTC, not in Brussels (00:00–02:00 the next day).
    expect(formatWhen('2026-11-24T23:00:00Z', '2026-11-25T01:00:00Z', now)).toBe('wo 25 nov, 00:00–02:00');
  });

  it('adds the year of a range in another year', () => {
    expect(formatWhen('2026-12-31T20:00:00+01:00', '2027-01-01T02:00:00+01:00', now)).toBe(
      'do 31 dec, 20:00 – vr 1 jan 2027, 02:00',
    );
  });

  it('shows broken values as they came', () => {
    expect(formatWhen('x', '2026-11-24T12:00:00+01:00', now)).toBe('x – 2026-11-24T12:00:00+01:00');
  });
});

describe('formatCalendarDay', () => {
  it('shows a day without a clock as that day', () => {
    expect(formatCalendarDay('2026-09-01', now)).toBe('1 sep');
    expect(formatCalendarDay('2027-08-31', now)).toBe('31 aug 2027');
    expect(formatCalendarDay('someday', now)).toBe('someday');
  });
});

describe('formatTimeAgo', () => {
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it('says how long ago, in Dutch', () => {
    expect(formatTimeAgo(ago(20), 'zonet', now)).toBe('zonet');
    expect(formatTimeAgo(ago(5 * 60), 'zonet', now)).toBe('5 minuten geleden');
    expect(formatTimeAgo(ago(3 * 3600), 'zonet', now)).toBe('3 uur geleden');
    expect(formatTimeAgo(ago(30 * 3600), 'zonet', now)).toBe('gisteren');
    expect(formatTimeAgo(ago(15 * 86400), 'zonet', now)).toBe('2 weken geleden');
  });

  it('shows the date after about a month', () => {
    expect(formatTimeAgo('2026-09-01T10:00:00+02:00', 'zonet', now)).toBe('1 sep');
  });
});
