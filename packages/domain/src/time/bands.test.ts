import { describe, expect, it } from 'vitest';
import { shiftBand } from './bands';
import type { AustralianState } from './catalogue';
import type { EntryTimes } from './clock';
import { publicHolidaysBetween } from './holidays';

// Tuesday 12 August 2025 is no public holiday anywhere; Friday 15, Saturday 16, Sunday 17 August.
const tuesday = '2025-08-12';
const wednesday = '2025-08-13';

function band(shift: EntryTimes, state: AustralianState = 'NSW') {
  return shiftBand(shift, publicHolidaysBetween(state, shift.date, shift.endDate ?? shift.date));
}

describe('weekday bands', () => {
  it('a shift starting at 05:59 is a night support, one starting at 06:00 a daytime one', () => {
    expect(band({ date: tuesday, startTime: '05:59', endTime: '07:00' })).toBe('weekday-night');
    expect(band({ date: tuesday, startTime: '06:00', endTime: '07:00' })).toBe('weekday-daytime');
  });

  it('a shift ending at 19:59 or 20:00 is daytime; ending at 20:01 it is an evening support', () => {
    expect(band({ date: tuesday, startTime: '10:00', endTime: '19:59' })).toBe('weekday-daytime');
    expect(band({ date: tuesday, startTime: '10:00', endTime: '20:00' })).toBe('weekday-daytime');
    expect(band({ date: tuesday, startTime: '10:00', endTime: '20:01' })).toBe('weekday-evening');
    expect(band({ date: tuesday, startTime: '20:00', endTime: '22:00' })).toBe('weekday-evening');
  });

  it('a shift ending exactly at midnight is an evening support; one running past it a night support', () => {
    expect(band({ date: tuesday, startTime: '23:59', endDate: wednesday, endTime: '00:00' })).toBe(
      'weekday-evening',
    );
    expect(band({ date: tuesday, startTime: '22:00', endDate: wednesday, endTime: '00:00' })).toBe(
      'weekday-evening',
    );
    expect(band({ date: tuesday, startTime: '22:00', endDate: wednesday, endTime: '00:01' })).toBe(
      'weekday-night',
    );
    expect(band({ date: tuesday, startTime: '14:00', endDate: wednesday, endTime: '02:00' })).toBe(
      'weekday-night',
    );
  });

  it('a shift in the small hours of a weekday is a night support', () => {
    expect(band({ date: wednesday, startTime: '00:00', endTime: '05:00' })).toBe('weekday-night');
    expect(band({ date: wednesday, startTime: '05:00', endTime: '14:00' })).toBe('weekday-night');
  });

  it('a Friday shift running into Saturday is banded by its start: a weekday night', () => {
    expect(band({ date: '2025-08-15', startTime: '22:00', endDate: '2025-08-16', endTime: '02:00' })).toBe(
      'weekday-night',
    );
  });
});

describe('weekend bands', () => {
  it('any shift starting on a Saturday is a Saturday support, even past midnight', () => {
    expect(band({ date: '2025-08-16', startTime: '05:00', endTime: '09:00' })).toBe('saturday');
    expect(band({ date: '2025-08-16', startTime: '09:00', endTime: '23:00' })).toBe('saturday');
    expect(band({ date: '2025-08-16', startTime: '22:00', endDate: '2025-08-17', endTime: '01:00' })).toBe(
      'saturday',
    );
  });

  it('any shift starting on a Sunday is a Sunday support', () => {
    expect(band({ date: '2025-08-17', startTime: '10:00', endTime: '12:00' })).toBe('sunday');
    expect(band({ date: '2025-08-17', startTime: '23:00', endDate: '2025-08-18', endTime: '03:00' })).toBe(
      'sunday',
    );
  });
});

describe('public holidays of the state where the support is given', () => {
  it('Melbourne Cup Day is a public holiday in Victoria and an ordinary Tuesday in New South Wales', () => {
    const shift = { date: '2025-11-04', startTime: '09:00', endTime: '12:00' };
    expect(band(shift, 'VIC')).toBe('public-holiday');
    expect(band(shift, 'NSW')).toBe('weekday-daytime');
  });

  it("the King's Birthday falls on different Mondays in Western Australia and the other states", () => {
    const waKingsBirthday = { date: '2025-09-29', startTime: '09:00', endTime: '12:00' };
    const eastKingsBirthday = { date: '2025-06-09', startTime: '09:00', endTime: '12:00' };
    expect(band(waKingsBirthday, 'WA')).toBe('public-holiday');
    expect(band(waKingsBirthday, 'VIC')).toBe('weekday-daytime');
    expect(band(eastKingsBirthday, 'VIC')).toBe('public-holiday');
    expect(band(eastKingsBirthday, 'WA')).toBe('weekday-daytime');
  });

  it('a public holiday on a weekend takes the place of the Saturday or Sunday band', () => {
    // Easter Saturday is a public holiday in NSW and not in WA.
    const easterSaturday = { date: '2025-04-19', startTime: '09:00', endTime: '12:00' };
    expect(band(easterSaturday, 'NSW')).toBe('public-holiday');
    expect(band(easterSaturday, 'WA')).toBe('saturday');
  });

  it('a shift starting on a public holiday and running past midnight is a public holiday support', () => {
    expect(band({ date: '2025-12-25', startTime: '22:00', endDate: '2025-12-26', endTime: '02:00' })).toBe(
      'public-holiday',
    );
  });

  it('a weekday shift running into a public holiday is a weekday night support (banded by its start)', () => {
    expect(
      band({ date: '2025-12-24', startTime: '22:00', endDate: '2025-12-25', endTime: '02:00' }, 'NSW'),
    ).toBe('weekday-night');
  });

  it("Queensland's Christmas Eve holiday begins at 6 pm: only shifts starting then are holiday shifts", () => {
    expect(band({ date: '2025-12-24', startTime: '18:00', endTime: '22:00' }, 'QLD')).toBe('public-holiday');
    expect(band({ date: '2025-12-24', startTime: '16:00', endTime: '22:00' }, 'QLD')).toBe('weekday-evening');
    expect(band({ date: '2025-12-24', startTime: '09:00', endTime: '12:00' }, 'QLD')).toBe('weekday-daytime');
    expect(band({ date: '2025-12-24', startTime: '18:00', endTime: '22:00' }, 'VIC')).toBe('weekday-evening');
  });
});
