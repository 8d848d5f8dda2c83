import { describe, expect, it } from 'vitest';
import {
  clearBusinessDaysBetween,
  isBusinessDay,
  publicHolidayOn,
  publicHolidaysBetween,
  publicHolidaysOf,
} from './holidays';

describe('publicHolidaysOf', () => {
  it("gives each state's own public holidays: Melbourne Cup in Victoria, not in New South Wales", () => {
    const vic = publicHolidaysOf('VIC', 2025).map((holiday) => holiday.date);
    const nsw = publicHolidaysOf('NSW', 2025).map((holiday) => holiday.date);
    expect(vic).toContain('2025-11-04');
    expect(nsw).not.toContain('2025-11-04');
    expect(vic).toContain('2025-12-25');
    expect(nsw).toContain('2025-12-25');
  });

  it('leaves out observances that are not public holidays', () => {
    const names = publicHolidaysOf('VIC', 2025).map((holiday) => holiday.name);
    expect(names).not.toContain("Mother's Day");
    expect(names).not.toContain("Father's Day");
  });

  it('Labour Day falls on different dates by state', () => {
    expect(publicHolidayOn('WA', '2025-03-03')?.name).toBe('Labour Day');
    expect(publicHolidayOn('VIC', '2025-03-10')?.name).toBe('Labour Day');
    expect(publicHolidayOn('NSW', '2025-10-06')?.name).toBe('Labour Day');
    expect(publicHolidayOn('NSW', '2025-03-10')).toBeNull();
  });

  it('carries the start time of a part-day holiday and 00:00 for a whole day', () => {
    expect(publicHolidayOn('QLD', '2025-12-24')).toMatchObject({ name: 'Christmas Eve', startTime: '18:00' });
    expect(publicHolidayOn('SA', '2025-12-31')).toMatchObject({ startTime: '19:00' });
    expect(publicHolidayOn('QLD', '2025-12-25')).toMatchObject({ name: 'Christmas Day', startTime: '00:00' });
  });

  it('finds holidays across the turn of a year', () => {
    const dates = publicHolidaysBetween('NSW', '2025-12-20', '2026-01-05').map((holiday) => holiday.date);
    expect(dates).toEqual(['2025-12-25', '2025-12-26', '2026-01-01']);
  });
});

describe('business days', () => {
  it('is a weekday that is not a whole-day public holiday of the state', () => {
    expect(isBusinessDay('NSW', '2025-11-04')).toBe(true);
    expect(isBusinessDay('VIC', '2025-11-04')).toBe(false);
    expect(isBusinessDay('NSW', '2025-11-08')).toBe(false); // Saturday
    // Christmas Eve in Queensland is a holiday only from 6 pm: the day's working hours are open.
    expect(isBusinessDay('QLD', '2025-12-24')).toBe(true);
  });

  it('counts the clear business days between two dates, both excluded', () => {
    // Friday 31 October to Wednesday 5 November 2025: Monday 3 and Tuesday 4 (Melbourne Cup) between.
    expect(clearBusinessDaysBetween('NSW', '2025-10-31', '2025-11-05')).toBe(2);
    expect(clearBusinessDaysBetween('VIC', '2025-10-31', '2025-11-05')).toBe(1);
    expect(clearBusinessDaysBetween('NSW', '2025-11-05', '2025-11-05')).toBe(0);
    expect(clearBusinessDaysBetween('NSW', '2025-11-05', '2025-11-06')).toBe(0);
  });
});
