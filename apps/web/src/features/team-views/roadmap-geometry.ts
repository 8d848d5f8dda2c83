import type { WorkItem } from '@wattle/domain/cards/schemas';
import type { WorkflowState } from '@wattle/domain/teams/workflow';
import { addMonths, addWeeks, endOfMonth, endOfWeek, format, startOfMonth, startOfWeek } from 'date-fns';
import { type DateOnly, dateOfDay, dayOf, daysFrom, formatDay } from './calendar-dates';
import { weekStartsOn } from './calendar-month';

export type RoadmapZoom = 'week' | 'month';

/** Pixels per day: a week is 7 × 24 = 168 px wide, a month about 31 × 5 = 155 px. */
export const dayWidth: Record<RoadmapZoom, number> = { week: 24, month: 5 };

/** The first and last day the time axis shows (both included). */
export interface RoadmapRange {
  from: DateOnly;
  to: DateOnly;
}

/** The least the axis spans, so a team with one card still sees a useful stretch of time. */
const minimumSpan: Record<RoadmapZoom, number> = { week: 12, month: 6 };

function unitStart(day: DateOnly, zoom: RoadmapZoom): DateOnly {
  const date = dateOfDay(day);
  return dayOf(zoom === 'week' ? startOfWeek(date, { weekStartsOn }) : startOfMonth(date));
}

function unitEnd(day: DateOnly, zoom: RoadmapZoom): DateOnly {
  const date = dateOfDay(day);
  return dayOf(zoom === 'week' ? endOfWeek(date, { weekStartsOn }) : endOfMonth(date));
}

function addUnits(day: DateOnly, zoom: RoadmapZoom, n: number): DateOnly {
  const date = dateOfDay(day);
  return dayOf(zoom === 'week' ? addWeeks(date, n) : addMonths(date, n));
}

/**
 * The stretch of time the roadmap shows: every card's start and due date and today, with one
 * week (or month) to spare either side, in whole weeks (Monday to Sunday) or whole months, and at
 * least 12 weeks or 6 months long.
 */
export function roadmapRange(items: readonly WorkItem[], today: DateOnly, zoom: RoadmapZoom): RoadmapRange {
  let first = today;
  let last = today;
  for (const item of items) {
    for (const day of [item.startDate, item.dueDate]) {
      if (!day) continue;
      if (day < first) first = day;
      if (day > last) last = day;
    }
  }
  const from = unitStart(addUnits(first, zoom, -1), zoom);
  let to = unitEnd(addUnits(last, zoom, 1), zoom);
  const atLeast = unitEnd(addUnits(from, zoom, minimumSpan[zoom] - 1), zoom);
  if (to < atLeast) to = atLeast;
  return { from, to };
}

/** Days the range covers (both ends included). */
export function rangeDays(range: RoadmapRange): number {
  return daysFrom(range.from, range.to) + 1;
}

export interface AxisTick {
  /** The first day of the week or month. */
  day: DateOnly;
  /** Where it starts, in pixels from the left of the axis, and how wide it is. */
  left: number;
  width: number;
  /** 'Week of 30 Nov' becomes '30 Nov'; a month 'Dec 2026'. */
  label: string;
  /** What a screen reader or tooltip says: 'Week of 30 November 2026', 'December 2026'. */
  title: string;
}

/** The labelled weeks or months along the axis. */
export function axisTicks(range: RoadmapRange, zoom: RoadmapZoom): AxisTick[] {
  const px = dayWidth[zoom];
  const ticks: AxisTick[] = [];
  for (let day = range.from; day <= range.to; day = addUnits(day, zoom, 1)) {
    const end = unitEnd(day, zoom) < range.to ? unitEnd(day, zoom) : range.to;
    const date = dateOfDay(day);
    ticks.push({
      day,
      left: daysFrom(range.from, day) * px,
      width: (daysFrom(day, end) + 1) * px,
      label: zoom === 'week' ? format(date, 'd MMM') : format(date, 'MMM yyyy'),
      title: zoom === 'week' ? `Week of ${format(date, 'd MMMM yyyy')}` : format(date, 'MMMM yyyy'),
    });
  }
  return ticks;
}

/** The left edge of a day on the axis, in pixels. */
export function dayOffset(range: RoadmapRange, day: DateOnly, zoom: RoadmapZoom): number {
  return daysFrom(range.from, day) * dayWidth[zoom];
}

/**
 * How a card is drawn: a bar from its start to its due date (both days included), a marker on
 * its one date when it has only a due (or only a start) date, or nothing ('Not scheduled').
 */
export type RoadmapMark =
  | { kind: 'bar'; from: DateOnly; to: DateOnly; left: number; width: number; label: string }
  | { kind: 'marker'; day: DateOnly; left: number; width: number; label: string };

export function roadmapMark(item: WorkItem, range: RoadmapRange, zoom: RoadmapZoom): RoadmapMark | null {
  const px = dayWidth[zoom];
  const name = `${item.workItemId} ${item.title}`;
  if (item.startDate && item.dueDate) {
    // A start after the due date is not allowed by the views, but older data may hold one.
    const [from, to] =
      item.startDate <= item.dueDate ? [item.startDate, item.dueDate] : [item.dueDate, item.startDate];
    return {
      kind: 'bar',
      from,
      to,
      left: dayOffset(range, from, zoom),
      width: (daysFrom(from, to) + 1) * px,
      label: `${name}: ${formatDay(from)} to ${formatDay(to)}`,
    };
  }
  const day = item.dueDate ?? item.startDate;
  if (!day) return null;
  return {
    kind: 'marker',
    day,
    left: dayOffset(range, day, zoom),
    width: px,
    label: `${name}: ${item.dueDate ? 'due' : 'starts'} ${formatDay(day)}`,
  };
}

/** One line of the roadmap: a workflow state's heading, or one scheduled card under it. */
export type RoadmapRow =
  | { kind: 'group'; key: string; name: string; color: string | null; count: number }
  | { kind: 'item'; key: string; item: WorkItem; mark: RoadmapMark };

/**
 * The roadmap's lines, grouped by workflow state in the team's order (cards in no known state
 * last, under 'No state'), each group's cards by start (or due) date; and the cards with neither
 * date, which are listed apart as 'Not scheduled'.
 */
export function roadmapRows(
  items: readonly WorkItem[],
  states: readonly WorkflowState[],
  range: RoadmapRange,
  zoom: RoadmapZoom,
): { rows: RoadmapRow[]; unscheduled: WorkItem[] } {
  const ordered = [...states].sort((a, b) => a.order - b.order);
  const groups = new Map<string, { item: WorkItem; mark: RoadmapMark }[]>(ordered.map((s) => [s.id, []]));
  const noState: { item: WorkItem; mark: RoadmapMark }[] = [];
  const unscheduled: WorkItem[] = [];
  for (const item of items) {
    const mark = roadmapMark(item, range, zoom);
    if (!mark) {
      unscheduled.push(item);
      continue;
    }
    const group = item.workflowStateId === null ? undefined : groups.get(item.workflowStateId);
    (group ?? noState).push({ item, mark });
  }
  const byStart = (a: { mark: RoadmapMark; item: WorkItem }, b: { mark: RoadmapMark; item: WorkItem }) =>
    a.mark.left - b.mark.left ||
    a.mark.width - b.mark.width ||
    a.item.workItemId.localeCompare(b.item.workItemId);
  const rows: RoadmapRow[] = [];
  const push = (
    key: string,
    name: string,
    color: string | null,
    entries: { item: WorkItem; mark: RoadmapMark }[],
  ) => {
    if (entries.length === 0) return;
    rows.push({ kind: 'group', key: `group:${key}`, name, color, count: entries.length });
    for (const entry of entries.sort(byStart)) rows.push({ kind: 'item', key: entry.item.id, ...entry });
  };
  for (const state of ordered) push(state.id, state.name, state.color, groups.get(state.id) ?? []);
  push('none', 'No state', null, noState);
  return { rows, unscheduled };
}

/** Where the roadmap opens: today a third of the way in, so the coming weeks are in sight. */
export function initialScroll(
  range: RoadmapRange,
  today: DateOnly,
  zoom: RoadmapZoom,
  viewWidth: number,
): number {
  return Math.max(0, dayOffset(range, today, zoom) - viewWidth / 3);
}
