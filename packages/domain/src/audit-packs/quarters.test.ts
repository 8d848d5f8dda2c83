import { describe, expect, it } from 'vitest';
import { quarterOf, recentQuarters } from './quarters';

describe('audit pack quarters', () => {
  it('names the calendar quarter of a date with its financial-year quarter', () => {
    expect(quarterOf('2026-08-15')).toEqual({
      label: 'Jul–Sep 2026 (Q1 FY2026–27)',
      from: '2026-07-01',
      to: '2026-09-30',
    });
    expect(quarterOf('2026-03-31')).toEqual({
      label: 'Jan–Mar 2026 (Q3 FY2025–26)',
      from: '2026-01-01',
      to: '2026-03-31',
    });
  });

  it('ends February on the 29th in a leap year', () => {
    expect(quarterOf('2028-02-10').to).toBe('2028-03-31');
    expect(quarterOf('2028-05-01', 1)).toMatchObject({ from: '2028-01-01', to: '2028-03-31' });
  });

  it('goes back across the year end', () => {
    expect(recentQuarters('2026-02-01', 3).map((q) => [q.from, q.to])).toEqual([
      ['2026-01-01', '2026-03-31'],
      ['2025-10-01', '2025-12-31'],
      ['2025-07-01', '2025-09-30'],
    ]);
    expect(quarterOf('2026-02-01', 2).label).toBe('Jul–Sep 2025 (Q1 FY2025–26)');
    expect(quarterOf('2026-05-01', 0).label).toBe('Apr–Jun 2026 (Q4 FY2025–26)');
  });
});
