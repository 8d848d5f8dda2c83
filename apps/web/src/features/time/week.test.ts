import { describe, expect, it } from 'vitest';
import { parseWeekParam, validateTimesheetSearch, weekStartOf } from './timesheet-search';
import {
  addWeeks,
  formatTotalHours,
  formatWeekRange,
  groupByPersonAndWeek,
  isEditableStatus,
  shortDayLabel,
  submittableCount,
  totalsOf,
  weekByDay,
  weekDays,
} from './week';

describe('week math (Monday first)', () => {
  it('finds the Monday of any day, Sunday belonging to the week before it', () => {
    expect(weekStartOf('2026-11-09')).toBe('2026-11-09'); // Monday
    expect(weekStartOf('2026-11-14')).toBe('2026-11-09'); // Saturday
    expect(weekStartOf('2026-11-15')).toBe('2026-11-09'); // Sunday
    expect(weekStartOf('2026-11-16')).toBe('2026-11-16');
    // Across a month and a year.
    expect(weekStartOf('2026-12-03')).toBe('2026-11-30');
    expect(weekStartOf('2027-01-01')).toBe('2026-12-28');
  });

  it('lists the seven days and moves by weeks', () => {
    expect(weekDays('2026-12-28')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    expect(addWeeks('2026-11-09', -1)).toBe('2026-11-02');
    expect(addWeeks('2026-11-09', 1)).toBe('2026-11-16');
  });

  it('reads ?week= as its Monday and ignores anything that is not a date', () => {
    expect(parseWeekParam('2026-11-12')).toBe('2026-11-09');
    expect(parseWeekParam('2026-02-30')).toBeUndefined();
    expect(parseWeekParam('next')).toBeUndefined();
    expect(parseWeekParam(20261109)).toBeUndefined();
    expect(validateTimesheetSearch({ week: '2026-11-15', tab: 'approvals', other: 1 })).toEqual({
      week: '2026-11-09',
      tab: 'approvals',
    });
    expect(validateTimesheetSearch({ week: 'x', tab: 'mine' })).toEqual({});
  });

  it('labels days and weeks for people', () => {
    expect(shortDayLabel('2026-11-14')).toBe('Sat 14 Nov');
    expect(formatWeekRange('2026-11-09')).toBe('9 – 15 Nov 2026');
    expect(formatWeekRange('2026-11-30')).toBe('30 Nov – 6 Dec 2026');
    expect(formatWeekRange('2026-12-28')).toBe('28 Dec 2026 – 3 Jan 2027');
    expect(formatTotalHours(450)).toBe('7.5 h');
    expect(formatTotalHours(20)).toBe('0.33 h');
    expect(formatTotalHours(0)).toBe('0 h');
  });
});

const entry = (
  date: string,
  startTime: string,
  duration: number,
  amountCents: number,
  extra: Partial<{
    userId: string;
    userName: string;
    status: 'draft' | 'submitted' | 'approved' | 'rejected';
  }> = {},
) => ({
  date,
  startTime,
  duration,
  amountCents,
  userId: 'u1',
  userName: 'Sophie',
  status: 'draft' as const,
  ...extra,
});

describe('totals', () => {
  it('puts each entry on the day it starts, by start time, with daily totals', () => {
    const days = weekByDay(
      [
        entry('2026-11-14', '13:00', 60, 9883),
        entry('2026-11-14', '09:00', 120, 19766),
        entry('2026-11-09', '22:00', 240, 30000), // ends past midnight: still Monday's
        entry('2026-11-16', '09:00', 60, 7000), // next week: not shown
      ],
      '2026-11-09',
    );
    expect(days).toHaveLength(7);
    expect(days[0]?.totals).toEqual({ minutes: 240, amountCents: 30000 });
    expect(days[5]?.entries.map((e) => e.startTime)).toEqual(['09:00', '13:00']);
    expect(days[5]?.totals).toEqual({ minutes: 180, amountCents: 29649 });
    expect(days[6]?.totals).toEqual({ minutes: 0, amountCents: 0 });
    expect(totalsOf(days.flatMap((day) => day.entries))).toEqual({ minutes: 420, amountCents: 59649 });
  });

  it('counts drafts and rejected entries as what Submit Week sends; only those are editable', () => {
    expect(
      submittableCount([
        { status: 'draft' },
        { status: 'rejected' },
        { status: 'submitted' },
        { status: 'approved' },
      ]),
    ).toBe(2);
    expect(isEditableStatus('draft')).toBe(true);
    expect(isEditableStatus('rejected')).toBe(true);
    expect(isEditableStatus('submitted')).toBe(false);
    expect(isEditableStatus('approved')).toBe(false);
  });
});

describe('approvals grouping', () => {
  it('groups by person (by name), then by week (earliest first), entries in time order', () => {
    const groups = groupByPersonAndWeek([
      entry('2026-11-17', '09:00', 60, 100, { userId: 'u2', userName: 'Zed' }),
      entry('2026-11-10', '13:00', 60, 200),
      entry('2026-11-02', '09:00', 30, 50),
      entry('2026-11-10', '09:00', 90, 300),
    ]);
    expect(groups.map((group) => group.userName)).toEqual(['Sophie', 'Zed']);
    const sophie = groups[0];
    expect(sophie?.weeks.map((week) => week.weekStart)).toEqual(['2026-11-02', '2026-11-09']);
    expect(sophie?.weeks[1]?.entries.map((e) => e.startTime)).toEqual(['09:00', '13:00']);
    expect(sophie?.weeks[1]?.totals).toEqual({ minutes: 150, amountCents: 500 });
    expect(groups[1]?.weeks[0]?.weekStart).toBe('2026-11-16');
  });
});
