import { describe, expect, it } from 'vitest';
import {
  analystQuerySchema,
  bucketStartOf,
  bucketStarts,
  nextBucketStart,
  rangeTooLong,
} from '../src/analyst.js';

describe('analyst buckets (decision 085)', () => {
  it('weeks start on Monday, months on the first; the first bucket holds `from`', () => {
    expect(bucketStartOf('2025-03-30', 'week')).toBe('2025-03-24'); // a Sunday
    expect(bucketStartOf('2025-03-31', 'week')).toBe('2025-03-31'); // a Monday
    expect(bucketStartOf('2025-03-30', 'month')).toBe('2025-03-01');
    expect(nextBucketStart('2025-01-31', 'day')).toBe('2025-02-01');
    expect(nextBucketStart('2024-12-01', 'month')).toBe('2025-01-01');
    expect(bucketStarts('2025-02-27', '2025-03-01', 'day')).toEqual([
      '2025-02-27',
      '2025-02-28',
      '2025-03-01',
    ]);
    expect(bucketStarts('2025-01-15', '2025-03-01', 'month')).toEqual([
      '2025-01-01',
      '2025-02-01',
      '2025-03-01',
    ]);
  });

  it('refuses too many buckets with a Dutch message, and both or no dates', () => {
    expect(rangeTooLong('2025-01-01', '2026-02-04', 'day')).toBeNull(); // 400 days
    expect(rangeTooLong('2025-01-01', '2026-02-05', 'day')).toMatch(/hoogstens 400 dagen/);
    expect(analystQuerySchema.safeParse({}).success).toBe(true);
    expect(analystQuerySchema.safeParse({ from: '2025-01-01' }).error?.issues[0]?.path).toEqual(['to']);
    // A field that is no day is refused on that field only: the range checks never meet it.
    const notADay = analystQuerySchema.safeParse({ from: 'x', to: '2025-01-01' }).error?.issues ?? [];
    expect(notADay.length).toBeGreaterThan(0);
    expect(notADay.every((issue) => issue.path[0] === 'from')).toBe(true);
  });
});
