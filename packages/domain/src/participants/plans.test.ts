import { describe, expect, it } from 'vitest';
import {
  daysToStart,
  lastPlan,
  mainPlan,
  newPlanOverlapMessage,
  overlappingPlan,
  planCovering,
  planOn,
  planStatusOf,
} from './plans';

/** Three plans of one participant, in no particular order: last year's, this year's, next year's. */
const earlier = {
  id: '00000000-0000-7000-8000-00000000000a',
  startDate: '2025-07-01',
  endDate: '2026-06-30',
};
const current = {
  id: '00000000-0000-7000-8000-00000000000b',
  startDate: '2026-07-01',
  endDate: '2027-06-30',
};
const upcoming = {
  id: '00000000-0000-7000-8000-00000000000c',
  startDate: '2027-07-01',
  endDate: '2028-06-30',
};
const plans = [upcoming, earlier, current];
const statuses = (today: string) => plans.map((plan) => [plan.id, planStatusOf(plan, plans, today)]);

describe('the current plan, worked out from the dates', () => {
  it('is the plan covering today; a plan starting later is upcoming until its start date', () => {
    expect(planOn(plans, '2027-06-30')).toBe(current);
    expect(statuses('2027-06-30')).toEqual([
      [upcoming.id, 'upcoming'],
      [earlier.id, 'earlier'],
      [current.id, 'current'],
    ]);
    // On its start date the upcoming plan becomes current, with nothing written.
    expect(planOn(plans, '2027-07-01')).toBe(upcoming);
    expect(statuses('2027-07-01')).toEqual([
      [upcoming.id, 'current'],
      [earlier.id, 'earlier'],
      [current.id, 'earlier'],
    ]);
  });

  it('stays with a plan that has ended until the next one starts; before the first, there is none', () => {
    const withGap = [earlier, upcoming];
    expect(planOn(withGap, '2026-12-01')).toBe(earlier);
    expect(planCovering(withGap, '2026-12-01')).toBeNull();
    expect(planCovering(withGap, '2026-06-30')).toBe(earlier);
    expect(planStatusOf(earlier, withGap, '2026-12-01')).toBe('current');
    expect(planOn(plans, '2025-06-30')).toBeNull();
    expect(planStatusOf(earlier, plans, '2025-06-30')).toBe('upcoming');
  });

  it("shows the current plan as the participant's, or before the first starts, the first upcoming one", () => {
    expect(mainPlan(plans, '2026-08-01')).toBe(current);
    expect(mainPlan([upcoming, current], '2026-01-01')).toBe(current);
    expect(mainPlan([], '2026-01-01')).toBeNull();
  });

  it('orders plans starting together by id (made later), as the server does', () => {
    const twin = { ...current, id: '00000000-0000-7000-8000-00000000000d' };
    expect(planOn([twin, current], '2026-08-01')).toBe(twin);
    expect(lastPlan([current, twin, earlier])).toBe(twin);
  });
});

describe('a new plan and edited dates', () => {
  it('follows the last plan, which may be upcoming, and names it', () => {
    expect(lastPlan(plans)).toBe(upcoming);
    expect(lastPlan([])).toBeNull();
    expect(newPlanOverlapMessage('2028-06-30', 'upcoming')).toBe(
      'The new plan must start after the upcoming plan ends (30/06/2028). If that plan ends early, change its end date first.',
    );
    expect(newPlanOverlapMessage('2027-06-30')).toBe(
      'The new plan must start after the current plan ends (30/06/2027). If the current plan ended early, change its end date first.',
    );
  });

  it('finds another plan sharing a day with new dates, not the plan being edited', () => {
    expect(overlappingPlan(plans, { startDate: '2027-06-01', endDate: '2027-07-01' }, current.id)).toBe(
      upcoming,
    );
    expect(overlappingPlan(plans, { startDate: '2026-07-01', endDate: '2027-06-30' }, current.id)).toBeNull();
    expect(overlappingPlan(plans, { startDate: '2026-06-30', endDate: '2026-12-31' }, current.id)).toBe(
      earlier,
    );
  });

  it('counts the days to an upcoming plan from what a plan carries', () => {
    // Starts in 10 days and runs 365 days: 375 days left to its end.
    expect(daysToStart({ startDate: '2027-07-01', endDate: '2028-06-30', daysLeft: 375 })).toBe(10);
    expect(daysToStart({ startDate: '2026-07-01', endDate: '2027-06-30', daysLeft: 100 })).toBe(0);
  });
});
