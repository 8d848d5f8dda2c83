import { describe, expect, it } from 'vitest';
import { displayDate, nextOpenDeadline, overdueMessages } from './plan-format';

describe('plan-format', () => {
  it('writes dates as dd/mm/yyyy', () => {
    expect(displayDate('2026-03-04')).toBe('04/03/2026');
    expect(displayDate(null)).toBe('');
  });

  it('names what is overdue once each', () => {
    expect(
      overdueMessages([
        { kind: 'bsp-interim', status: 'overdue' },
        { kind: 'bsp-comprehensive', status: 'upcoming' },
        { kind: 'bsp-review', status: 'overdue' },
        { kind: 'bsp-review', status: 'overdue' },
      ]),
    ).toEqual(['Interim plan overdue', 'Plan review overdue']);
  });

  it('finds the soonest deadline not met', () => {
    const met = { dueAt: '2026-01-01T00:00:00.000Z', metAt: '2026-01-01T00:00:00.000Z' };
    const later = { dueAt: '2026-06-01T00:00:00.000Z', metAt: null };
    const sooner = { dueAt: '2026-02-01T00:00:00.000Z', metAt: null };
    expect(nextOpenDeadline([met, later, sooner])).toBe(sooner);
    expect(nextOpenDeadline([met])).toBeNull();
  });
});
