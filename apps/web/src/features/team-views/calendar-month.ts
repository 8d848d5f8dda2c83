import type { Priority, WorkItem } from '@wattle/domain/cards/schemas';
import { addMonths, endOfMonth, endOfWeek, format, startOfMonth, startOfWeek } from 'date-fns';
import { addDaysTo, type DateOnly, dateOfDay, dayOf, daysFrom } from './calendar-dates';
import type { WorkItemChanges } from './team-view-types';

/** A month as yyyy-mm. */
export type MonthKey = string;

/** Weeks start on Monday (Australian users). */
export const weekStartsOn = 1 as const;

/** The calendar never shows more than 6 week rows (spec work section 9). */
export const maxCalendarWeeks = 6;

export function monthOfDay(day: DateOnly): MonthKey {
  return day.slice(0, 7);
}

export function shiftMonth(month: MonthKey, delta: number): MonthKey {
  return format(addMonths(dateOfDay(`${month}-01`), delta), 'yyyy-MM');
}

/** 'December 2026'. */
export function monthTitle(month: MonthKey): string {
  return format(dateOfDay(`${month}-01`), 'MMMM yyyy');
}

/**
 * The days a month grid shows, week by week (Monday to Sunday), from the week holding the 1st to
 * the week holding the last day: 4 to 6 rows. Days of the neighbouring months fill the first and
 * last rows.
 */
export function monthGrid(month: MonthKey): DateOnly[][] {
  const first = dateOfDay(`${month}-01`);
  const from = dayOf(startOfWeek(first, { weekStartsOn }));
  const to = dayOf(endOfWeek(endOfMonth(first), { weekStartsOn }));
  const weeks: DateOnly[][] = [];
  for (let day = from; daysFrom(day, to) >= 0 && weeks.length < maxCalendarWeeks; ) {
    const week: DateOnly[] = [];
    for (let i = 0; i < 7; i++) {
      week.push(day);
      day = addDaysTo(day, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/** Whether `day` belongs to `month` (not a neighbouring month's day filling the grid). */
export function isInMonth(day: DateOnly, month: MonthKey): boolean {
  return monthOfDay(day) === month;
}

/** The first day of a month grid's month, for the date picker's default. */
export function firstOfMonth(month: MonthKey): DateOnly {
  return dayOf(startOfMonth(dateOfDay(`${month}-01`)));
}

const priorityRank: Record<Priority, number> = { high: 0, medium: 1, low: 2 };

/** Within one day: high priority first, then by work item number. */
export function byCalendarOrder(a: WorkItem, b: WorkItem): number {
  return priorityRank[a.priority] - priorityRank[b.priority] || a.workItemId.localeCompare(b.workItemId);
}

/** Cards by due day (each day's in calendar order), and those without a due date. */
export function itemsByDueDay(items: readonly WorkItem[]): {
  byDay: Map<DateOnly, WorkItem[]>;
  undated: WorkItem[];
} {
  const byDay = new Map<DateOnly, WorkItem[]>();
  const undated: WorkItem[] = [];
  for (const item of items) {
    if (!item.dueDate) {
      undated.push(item);
      continue;
    }
    const list = byDay.get(item.dueDate);
    if (list) list.push(item);
    else byDay.set(item.dueDate, [item]);
  }
  for (const list of byDay.values()) list.sort(byCalendarOrder);
  undated.sort(byCalendarOrder);
  return { byDay, undated };
}

/**
 * The change that moves a card's due date to `day`, or null when it is already due then. A card
 * must not start after it is due: when the new due date is before the start date, the start date
 * moves back by as many days as the due date did, so the work keeps its length (a start date
 * already on or before the new due date stays where it is).
 */
export function rescheduleChanges(item: WorkItem, day: DateOnly): WorkItemChanges | null {
  if (item.dueDate === day) return null;
  if (item.startDate && daysFrom(item.startDate, day) < 0) {
    const shift = item.dueDate ? daysFrom(item.dueDate, day) : daysFrom(item.startDate, day);
    const moved = addDaysTo(item.startDate, shift);
    return { dueDate: day, startDate: daysFrom(moved, day) < 0 ? day : moved };
  }
  return { dueDate: day };
}
