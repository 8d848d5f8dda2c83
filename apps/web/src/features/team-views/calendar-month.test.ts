import { describe, expect, it } from 'vitest';
import { addDaysTo, daysFrom, formatDay, todayIn } from './calendar-dates';
import {
  isInMonth,
  itemsByDueDay,
  maxCalendarWeeks,
  monthGrid,
  monthTitle,
  rescheduleChanges,
  shiftMonth,
} from './calendar-month';
import { testWorkItem } from './calendar-test-items';

describe('calendar dates', () => {
  it('adds days across month, year and daylight-saving edges without shifting a day', () => {
    expect(addDaysTo('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysTo('2028-03-01', -1)).toBe('2028-02-29');
    // Sydney moves its clocks on 5 Apr and 4 Oct 2026; a calendar day is still a day.
    expect(addDaysTo('2026-04-04', 1)).toBe('2026-04-05');
    expect(addDaysTo('2026-10-03', 2)).toBe('2026-10-05');
    expect(daysFrom('2026-10-01', '2026-10-31')).toBe(30);
    expect(daysFrom('2026-12-17', '2026-12-03')).toBe(-14);
    expect(formatDay('2026-12-03')).toBe('3 Dec 2026');
  });

  it("reads today in the tenant's time zone, not UTC", () => {
    // 20:30 UTC on 22 Nov is already 23 Nov in Sydney (UTC+11) and Perth (UTC+8), still 22 Nov in UTC and Los Angeles.
    const now = new Date('2026-11-22T20:30:00Z');
    expect(todayIn('Australia/Sydney', now)).toBe('2026-11-23');
    expect(todayIn('Australia/Perth', now)).toBe('2026-11-23');
    expect(todayIn('UTC', now)).toBe('2026-11-22');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-11-22');
  });
});

describe('monthGrid', () => {
  it('starts weeks on Monday and fills the edges with the neighbouring months', () => {
    // 1 Dec 2026 is a Tuesday; 31 Dec a Thursday.
    const weeks = monthGrid('2026-12');
    expect(weeks).toHaveLength(5);
    expect(weeks[0]?.[0]).toBe('2026-11-30');
    expect(weeks[0]?.[1]).toBe('2026-12-01');
    expect(weeks.at(-1)?.at(-1)).toBe('2027-01-03');
    for (const week of weeks) expect(week).toHaveLength(7);
    expect(isInMonth('2026-11-30', '2026-12')).toBe(false);
    expect(isInMonth('2026-12-31', '2026-12')).toBe(true);
  });

  it('needs 6 weeks for a 31-day month that starts on a Sunday, and never more', () => {
    // 1 Mar 2026 is a Sunday: its Monday-first grid runs 23 Feb to 5 Apr.
    const weeks = monthGrid('2026-03');
    expect(weeks).toHaveLength(maxCalendarWeeks);
    expect(weeks[0]?.[0]).toBe('2026-02-23');
    expect(weeks[0]?.[6]).toBe('2026-03-01');
    expect(weeks[5]?.[1]).toBe('2026-03-31');
    for (let m = 0; m < 48; m++) {
      expect(monthGrid(shiftMonth('2026-01', m)).length).toBeLessThanOrEqual(maxCalendarWeeks);
    }
  });

  it('fits a February that starts on a Monday in exactly 4 weeks', () => {
    const weeks = monthGrid('2027-02');
    expect(weeks).toHaveLength(4);
    expect(weeks[0]?.[0]).toBe('2027-02-01');
    expect(weeks[3]?.[6]).toBe('2027-02-28');
  });

  it('moves between months across the year and names them', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(monthTitle('2026-12')).toBe('December 2026');
  });
});

describe('itemsByDueDay', () => {
  it('groups cards by due day, high priority first, and keeps the undated apart', () => {
    const low = testWorkItem({ workItemId: 'SUN-00001', dueDate: '2026-12-03', priority: 'low' });
    const high = testWorkItem({ workItemId: 'SUN-00002', dueDate: '2026-12-03', priority: 'high' });
    const other = testWorkItem({ workItemId: 'SUN-00003', dueDate: '2026-12-04' });
    const undated = testWorkItem({ workItemId: 'SUN-00004' });
    const { byDay, undated: none } = itemsByDueDay([low, high, other, undated]);
    expect(byDay.get('2026-12-03')?.map((i) => i.workItemId)).toEqual(['SUN-00002', 'SUN-00001']);
    expect(byDay.get('2026-12-04')).toEqual([other]);
    expect(none).toEqual([undated]);
  });
});

describe('rescheduleChanges', () => {
  it('moves only the due date when the start stays on or before it', () => {
    const item = testWorkItem({ workItemId: 'SUN-00001', startDate: '2026-12-01', dueDate: '2026-12-10' });
    expect(rescheduleChanges(item, '2026-12-20')).toEqual({ dueDate: '2026-12-20' });
    expect(rescheduleChanges(item, '2026-12-01')).toEqual({ dueDate: '2026-12-01' });
    expect(rescheduleChanges(testWorkItem({ workItemId: 'SUN-00002' }), '2026-12-05')).toEqual({
      dueDate: '2026-12-05',
    });
  });

  it('moves the start date back with the due date when the new due date is before the start', () => {
    const item = testWorkItem({ workItemId: 'SUN-00001', startDate: '2026-12-08', dueDate: '2026-12-10' });
    // Due moves 7 days earlier, to before the start: the start moves 7 days too, the 2-day span kept.
    expect(rescheduleChanges(item, '2026-12-03')).toEqual({ dueDate: '2026-12-03', startDate: '2026-12-01' });
    const startOnly = testWorkItem({ workItemId: 'SUN-00002', startDate: '2026-12-08' });
    expect(rescheduleChanges(startOnly, '2026-12-03')).toEqual({
      dueDate: '2026-12-03',
      startDate: '2026-12-03',
    });
  });

  it('changes nothing when the card is already due that day', () => {
    const item = testWorkItem({ workItemId: 'SUN-00001', dueDate: '2026-12-10' });
    expect(rescheduleChanges(item, '2026-12-10')).toBeNull();
  });
});
