import { describe, expect, it } from 'vitest';
import {
  CreateTimeCodeSchema,
  timeCodeCategoryOf,
  timeCodeMessages,
  UpdateTimeCodeSchema,
} from './time-codes';

describe('timeCodeCategoryOf', () => {
  it('is core for categories 01-04 and capacity building for 07-15', () => {
    for (const n of ['01', '02', '03', '04'] as const) expect(timeCodeCategoryOf(n), n).toBe('core');
    for (const n of ['07', '08', '09', '10', '11', '12', '13', '14', '15'] as const) {
      expect(timeCodeCategoryOf(n), n).toBe('capacity');
    }
  });

  it('gives capital supports none', () => {
    expect(timeCodeCategoryOf('05')).toBeNull();
    expect(timeCodeCategoryOf('06')).toBeNull();
  });
});

describe('time code input', () => {
  it('takes a support item number and a rate in whole cents', () => {
    expect(CreateTimeCodeSchema.parse({ code: ' 01_011_0107_1_1 ', hourlyRateCents: 6845 })).toEqual({
      code: '01_011_0107_1_1',
      hourlyRateCents: 6845,
      isActive: true,
    });
    const refused = [
      { code: '01_011_107_1_1', hourlyRateCents: 6845 },
      { code: '01_011_0107_1_1', hourlyRateCents: 0 },
      { code: '01_011_0107_1_1', hourlyRateCents: 68.45 },
      { code: '01_011_0107_1_1', hourlyRateCents: 6845, description: '   ' },
    ];
    for (const input of refused)
      expect(CreateTimeCodeSchema.safeParse(input).success, JSON.stringify(input)).toBe(false);
  });

  it('needs the version an edit started from', () => {
    expect(UpdateTimeCodeSchema.safeParse({ isActive: false }).success).toBe(false);
    expect(UpdateTimeCodeSchema.parse({ version: 2, isActive: false })).toEqual({
      version: 2,
      isActive: false,
    });
  });

  it('states the limit a rate is over', () => {
    expect(timeCodeMessages.overLimit('01_011_0107_1_1', 7500, 7023, 'NSW')).toBe(
      'The hourly rate $75.00 is above the NSW price limit of $70.23 for 01_011_0107_1_1.',
    );
  });
});
