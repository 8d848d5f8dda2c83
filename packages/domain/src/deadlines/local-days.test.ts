import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  addCalendarMonths,
  businessDayOnOrAfter,
  endOfLocalDay,
  zonedInstant,
} from './local-days';

describe('addCalendarMonths', () => {
  it('adds months and clamps to the last day of a shorter month', () => {
    expect(addCalendarMonths('2026-01-15', 1)).toBe('2026-02-15');
    expect(addCalendarMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addCalendarMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addCalendarMonths('2026-05-31', 6)).toBe('2026-11-30');
    expect(addCalendarMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addCalendarMonths('2028-02-29', 12)).toBe('2029-02-28');
  });
});

describe('business days', () => {
  it('counts after the given day, skipping weekends and the state public holidays', () => {
    expect(addBusinessDays('NSW', '2026-03-06', 1)).toBe('2026-03-09'); // Friday → Monday
    expect(addBusinessDays('NSW', '2026-12-24', 1)).toBe('2026-12-29'); // Christmas and Boxing Day (Monday 28th)
    expect(addBusinessDays('VIC', '2026-11-02', 1)).toBe('2026-11-04'); // Melbourne Cup
    expect(addBusinessDays('NSW', '2026-11-02', 1)).toBe('2026-11-03');
  });

  it('finds the first business day on or after a date', () => {
    expect(businessDayOnOrAfter('NSW', '2026-03-10')).toBe('2026-03-10');
    expect(businessDayOnOrAfter('NSW', '2026-04-03')).toBe('2026-04-07'); // Good Friday to after Easter Monday
  });
});

describe('zoned instants', () => {
  it('turns a local wall-clock time into the instant, on either side of a daylight-saving change', () => {
    expect(zonedInstant('2026-04-04', 10 * 3600_000, 'Australia/Sydney').toISOString()).toBe(
      '2026-04-03T23:00:00.000Z',
    );
    expect(zonedInstant('2026-04-05', 10 * 3600_000, 'Australia/Sydney').toISOString()).toBe(
      '2026-04-05T00:00:00.000Z',
    );
    expect(zonedInstant('2026-10-04', 10 * 3600_000, 'Australia/Sydney').toISOString()).toBe(
      '2026-10-03T23:00:00.000Z',
    );
    expect(zonedInstant('2026-07-01', 0, 'Australia/Adelaide').toISOString()).toBe(
      '2026-06-30T14:30:00.000Z',
    );
  });

  it('ends a local day at 23:59:59.999 of that zone', () => {
    expect(endOfLocalDay('2026-01-15', 'Australia/Perth').toISOString()).toBe('2026-01-15T15:59:59.999Z');
    expect(endOfLocalDay('2026-01-15', 'Australia/Darwin').toISOString()).toBe('2026-01-15T14:29:59.999Z');
    expect(endOfLocalDay('2026-01-15', 'UTC').toISOString()).toBe('2026-01-15T23:59:59.999Z');
  });
});
