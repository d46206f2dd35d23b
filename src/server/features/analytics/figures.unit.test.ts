import { describe, expect, it } from 'vitest';
import { growth, rate, utcDays, windowStart } from './figures.ts';

describe('analytics arithmetic', () => {
  it('rates are percentages with one decimal, 0 without a base', () => {
    expect(rate(1, 3)).toBe(33.3);
    expect(rate(2, 2)).toBe(100);
    expect(rate(0, 0)).toBe(0);
  });

  it('growth compares two periods; from nothing it is null, nothing to nothing is 0', () => {
    expect(growth(15, 10)).toBe(50);
    expect(growth(5, 10)).toBe(-50);
    expect(growth(0, 0)).toBe(0);
    expect(growth(3, 0)).toBeNull();
    expect(growth(0, 4)).toBe(-100);
  });

  it('lists every UTC day of a window, oldest first, today last', () => {
    const now = new Date('2025-03-02T23:30:00+08:00'); // 15:30 UTC on 2 March
    expect(utcDays(now, 3)).toEqual(['2025-02-28', '2025-03-01', '2025-03-02']);
    expect(utcDays(now, 30)).toHaveLength(30);
    expect(windowStart(now, 3).toISOString()).toBe('2025-02-28T00:00:00.000Z');
  });
});
