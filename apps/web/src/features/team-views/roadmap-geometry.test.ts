import { defaultWorkflowStates } from '@wattle/domain/teams/workflow';
import { describe, expect, it } from 'vitest';
import { testWorkItem } from './calendar-test-items';
import {
  axisTicks,
  dayOffset,
  dayWidth,
  initialScroll,
  rangeDays,
  roadmapMark,
  roadmapRange,
  roadmapRows,
} from './roadmap-geometry';

const today = '2026-11-22'; // a Sunday

describe('roadmapRange', () => {
  it('spans every date and today with a week to spare, in whole Monday-to-Sunday weeks', () => {
    const items = [
      testWorkItem({ workItemId: 'SUN-00001', startDate: '2026-12-03', dueDate: '2026-12-17' }),
      testWorkItem({ workItemId: 'SUN-00002', dueDate: '2027-03-10' }),
    ];
    const range = roadmapRange(items, today, 'week');
    // Today's week starts Mon 16 Nov; a week before, Mon 9 Nov. 10 Mar 2027 is a Wednesday: its
    // week ends Sun 14 Mar, a week after Sun 21 Mar.
    expect(range).toEqual({ from: '2026-11-09', to: '2027-03-21' });
    expect(rangeDays(range) % 7).toBe(0);
  });

  it('spans whole months on the month zoom, and at least 6 months or 12 weeks', () => {
    expect(roadmapRange([], today, 'month')).toEqual({ from: '2026-10-01', to: '2027-03-31' });
    const weeks = roadmapRange([], today, 'week');
    expect(weeks.from).toBe('2026-11-09');
    expect(rangeDays(weeks)).toBe(12 * 7);
    const past = [testWorkItem({ workItemId: 'SUN-00001', startDate: '2026-06-15', dueDate: '2026-07-02' })];
    expect(roadmapRange(past, today, 'month')).toEqual({ from: '2026-05-01', to: '2026-12-31' });
  });
});

describe('axisTicks', () => {
  it('labels each week by its Monday, 168 px apart', () => {
    const ticks = axisTicks({ from: '2026-11-30', to: '2026-12-20' }, 'week');
    expect(ticks.map((t) => [t.label, t.left, t.width])).toEqual([
      ['30 Nov', 0, 168],
      ['7 Dec', 168, 168],
      ['14 Dec', 336, 168],
    ]);
    expect(ticks[0]?.title).toBe('Week of 30 November 2026');
  });

  it('labels each month, as wide as its days', () => {
    const ticks = axisTicks({ from: '2027-01-01', to: '2027-03-31' }, 'month');
    expect(ticks.map((t) => [t.label, t.left, t.width])).toEqual([
      ['Jan 2027', 0, 31 * 5],
      ['Feb 2027', 31 * 5, 28 * 5],
      ['Mar 2027', 59 * 5, 31 * 5],
    ]);
  });
});

describe('roadmapMark', () => {
  const range = { from: '2026-11-30', to: '2027-01-31' };

  it('draws a bar from the start to the due date, both days included', () => {
    const item = testWorkItem({
      workItemId: 'SUN-00012',
      title: 'Plan review',
      startDate: '2026-12-03',
      dueDate: '2026-12-17',
    });
    expect(roadmapMark(item, range, 'week')).toEqual({
      kind: 'bar',
      from: '2026-12-03',
      to: '2026-12-17',
      left: 3 * dayWidth.week,
      width: 15 * dayWidth.week,
      label: 'SUN-00012 Plan review: 3 Dec 2026 to 17 Dec 2026',
    });
    expect(roadmapMark(item, range, 'month')).toMatchObject({ left: 15, width: 75 });
  });

  it('marks the one day of a card with only a due (or start) date, and skips one with neither', () => {
    const due = testWorkItem({ workItemId: 'SUN-00013', title: 'Visit', dueDate: '2026-12-01' });
    expect(roadmapMark(due, range, 'week')).toEqual({
      kind: 'marker',
      day: '2026-12-01',
      left: 24,
      width: 24,
      label: 'SUN-00013 Visit: due 1 Dec 2026',
    });
    const start = testWorkItem({ workItemId: 'SUN-00014', title: 'Visit', startDate: '2026-12-02' });
    expect(roadmapMark(start, range, 'week')?.label).toBe('SUN-00014 Visit: starts 2 Dec 2026');
    expect(roadmapMark(testWorkItem({ workItemId: 'SUN-00015' }), range, 'week')).toBeNull();
  });

  it('places today and opens with it a third of the way in', () => {
    expect(dayOffset(range, '2026-12-07', 'week')).toBe(168);
    expect(initialScroll(range, '2026-12-28', 'week', 900)).toBe(28 * 24 - 300);
    expect(initialScroll(range, '2026-11-30', 'week', 900)).toBe(0);
  });
});

describe('roadmapRows', () => {
  it('groups scheduled cards by workflow state in order, by start date, and lists the unscheduled apart', () => {
    const range = { from: '2026-11-30', to: '2027-01-31' };
    const items = [
      testWorkItem({ workItemId: 'SUN-00001', workflowStateId: 'done', dueDate: '2026-12-01' }),
      testWorkItem({
        workItemId: 'SUN-00002',
        workflowStateId: 'todo',
        startDate: '2026-12-10',
        dueDate: '2026-12-12',
      }),
      testWorkItem({ workItemId: 'SUN-00003', workflowStateId: 'todo', dueDate: '2026-12-05' }),
      testWorkItem({ workItemId: 'SUN-00004', workflowStateId: 'todo' }),
      testWorkItem({ workItemId: 'SUN-00005', workflowStateId: null, dueDate: '2026-12-05' }),
    ];
    const { rows, unscheduled } = roadmapRows(items, defaultWorkflowStates, range, 'week');
    expect(rows.map((r) => (r.kind === 'group' ? `${r.name} (${r.count})` : r.item.workItemId))).toEqual([
      'To Do (2)',
      'SUN-00003',
      'SUN-00002',
      'Done (1)',
      'SUN-00001',
      'No state (1)',
      'SUN-00005',
    ]);
    expect(unscheduled.map((i) => i.workItemId)).toEqual(['SUN-00004']);
  });
});
