import { describe, expect, it } from 'vitest';
import { formatEntryDay, formatEntrySpan } from './entry-labels';

describe('entry labels', () => {
  it('names the day as people say it', () => {
    expect(formatEntryDay('2026-11-14')).toBe('Sat 14 Nov');
    expect(formatEntryDay('2026-01-05')).toBe('Mon 5 Jan');
  });

  it('spans one day, or names the next day past midnight', () => {
    expect(formatEntrySpan({ date: '2026-11-14', startTime: '09:00', endTime: '11:00' })).toBe(
      'Sat 14 Nov 09:00–11:00',
    );
    expect(
      formatEntrySpan({ date: '2026-11-14', startTime: '22:00', endTime: '06:00', endDate: '2026-11-15' }),
    ).toBe('Sat 14 Nov 22:00–Sun 15 Nov 06:00');
  });
});
