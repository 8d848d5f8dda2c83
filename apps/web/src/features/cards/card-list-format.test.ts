import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDateTime, formatTimeOfDay, prepareDateFormats } from './card-list-format';

describe('card-list-format', () => {
  it('writes a calendar date as that day, in en-AU', () => {
    expect(formatCalendarDate('2026-03-02')).toBe('2 Mar 2026');
    expect(formatCalendarDate(null)).toBe('');
    expect(formatCalendarDate('not a date')).toBe('not a date');
  });

  it('writes instants with the same formats before and after they are prepared', () => {
    const instant = new Date(2026, 2, 2, 10, 42);
    const before = [formatTimeOfDay(instant), formatDateTime(instant.toISOString())];
    prepareDateFormats();
    expect([formatTimeOfDay(instant), formatDateTime(instant.toISOString())]).toEqual(before);
    expect(before[0]).toMatch(/^10:42\s?am$/);
    expect(before[1]).toMatch(/^2 Mar 2026, 10:42\s?am$/);
  });
});
