import { describe, expect, it } from 'vitest';
import { formatDay, formatMoment, formatMomentDay } from './org-dates';

describe('org dates', () => {
  it('writes a calendar day dd/mm/yyyy', () => {
    expect(formatDay('2026-11-02')).toBe('02/11/2026');
    expect(formatDay(null)).toBe('');
    expect(formatDay('soon')).toBe('');
  });

  it("writes an instant on the organisation's clock, not the UTC day", () => {
    // 20:00 UTC on 1 November is 7 am on 2 November in Sydney (daylight time) and still 1 November in Perth.
    expect(formatMomentDay('2026-11-01T20:00:00.000Z', 'Australia/Sydney')).toBe('02/11/2026');
    expect(formatMomentDay('2026-11-01T20:00:00.000Z', 'Australia/Perth')).toBe('02/11/2026');
    expect(formatMomentDay('2026-11-01T10:00:00.000Z', 'Australia/Perth')).toBe('01/11/2026');
    expect(formatMoment('2026-11-01T20:00:00.000Z', 'Australia/Sydney')).toMatch(/^02\/11\/2026, 7:00\sam$/);
    expect(formatMoment('2026-11-01T05:30:00.000Z', 'Australia/Sydney')).toMatch(/^01\/11\/2026, 4:30\spm$/);
  });

  it('gives nothing for text that is not an instant', () => {
    expect(formatMoment('never', 'Australia/Sydney')).toBe('');
    expect(formatMomentDay('never', undefined)).toBe('');
  });
});
