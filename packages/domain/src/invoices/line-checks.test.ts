import { describe, expect, it } from 'vitest';
import { communityWeekdayDaytime, selfCareWeekdayDaytime } from '../time/catalogue.fixture';
import { type CheckedPlan, checkInvoiceLines, hasLineErrors, type InvoiceCheckContext } from './line-checks';

const inForce = { itemInForce: selfCareWeekdayDaytime, knownItem: selfCareWeekdayDaytime };
const line = {
  serviceDateFrom: '2025-11-03',
  serviceDateTo: '2025-11-03',
  supportItemNumber: '01_011_0107_1_1',
  unitPriceCents: 7023,
  amountCents: 14046,
  ...inForce,
};
const plan: CheckedPlan = {
  id: '00000000-0000-7000-8000-000000000001',
  startDate: '2025-07-01',
  endDate: '2026-06-30',
  status: 'current',
  budgetsCents: { '01': 100_000, '04': 50_000 },
  usedCents: {},
};
const context: InvoiceCheckContext = { location: { state: 'NSW', mmm: 1 }, plans: [plan] };
/** The context with its one plan changed. */
const withPlan = (changes: Partial<CheckedPlan>): InvoiceCheckContext => ({
  ...context,
  plans: [{ ...plan, ...changes }],
});

describe('checkInvoiceLines', () => {
  it('finds nothing wrong with a priced line in force, in the plan and in budget', () => {
    expect(checkInvoiceLines([line], context)).toEqual([[]]);
  });

  it('names an unknown support item and one not in force on the service date', () => {
    const [unknown, notInForce] = checkInvoiceLines(
      [
        { ...line, supportItemNumber: '01_999_0107_1_1', itemInForce: null, knownItem: null },
        { ...line, serviceDateFrom: '2025-06-02', serviceDateTo: '2025-06-02', itemInForce: null },
      ],
      withPlan({ startDate: '2025-01-01' }),
    );
    expect(unknown).toEqual([
      {
        severity: 'error',
        code: 'unknown-support-item',
        message: 'Support item 01_999_0107_1_1 is not in the NDIS Support Catalogue',
      },
    ]);
    expect(notInForce?.[0]?.code).toBe('item-not-in-force');
    expect(notInForce?.[0]?.message).toContain('may be claimed from 01/07/2025');
  });

  it('refuses a unit price above the limit where the participant lives (state, remote)', () => {
    const [above] = checkInvoiceLines([{ ...line, unitPriceCents: 7024 }], context);
    expect(above?.map((p) => p.code)).toEqual(['above-price-limit']);
    expect(above?.[0]?.message).toBe(
      'The unit price $70.24 is above the NDIS price limit of $70.23 for Assistance With Self-Care Activities - Standard - Weekday Daytime (01_011_0107_1_1) in NSW',
    );
    // The remote limit is higher: the same price is fine at MMM 6.
    const remote = { ...context, location: { state: 'NSW' as const, mmm: 6 as const } };
    expect(checkInvoiceLines([{ ...line, unitPriceCents: 9000 }], remote)).toEqual([[]]);
    expect(checkInvoiceLines([{ ...line, unitPriceCents: 9833 }], remote)[0]?.[0]?.message).toContain(
      'remote areas (MMM 6)',
    );
  });

  it('refuses service dates outside the current plan, and any line without a plan', () => {
    const outside = checkInvoiceLines(
      [{ ...line, serviceDateFrom: '2026-07-01', serviceDateTo: '2026-07-01' }],
      {
        ...context,
      },
    );
    expect(outside[0]?.map((p) => p.code)).toContain('outside-plan');
    expect(outside[0]?.find((p) => p.code === 'outside-plan')?.message).toBe(
      '01/07/2026 is outside the current plan (01/07/2025 to 30/06/2026)',
    );
    const none = checkInvoiceLines([line], { ...context, plans: [] });
    expect(none).toEqual([
      [{ severity: 'error', code: 'no-plan', message: 'The participant has no current NDIS plan' }],
    ]);
    expect(hasLineErrors(none)).toBe(true);
  });

  it('warns on every line of a category whose lines take more than is left, naming it and the amount over', () => {
    const community = {
      ...line,
      supportItemNumber: communityWeekdayDaytime.number,
      itemInForce: communityWeekdayDaytime,
      knownItem: communityWeekdayDaytime,
    };
    const problems = checkInvoiceLines(
      [line, { ...line, amountCents: 20_000 }, community],
      withPlan({ usedCents: { '01': 80_000 } }),
    );
    const warning = {
      severity: 'warning',
      code: 'over-budget',
      message:
        'Over the remaining Assistance with Daily Life (01) budget by $140.46: $200.00 of $1,000.00 is left and this invoice claims $340.46',
    };
    expect(problems).toEqual([[warning], [warning], []]);
    // A warning does not stop submission.
    expect(hasLineErrors(problems)).toBe(false);
  });

  it('names only this invoice’s excess when earlier invoices already overspent the budget', () => {
    const problems = checkInvoiceLines([line], withPlan({ usedCents: { '01': 125_000 } }));
    expect(problems[0]?.[0]?.message).toBe(
      'Over the remaining Assistance with Daily Life (01) budget by $140.46: $0.00 of $1,000.00 is left and this invoice claims $140.46',
    );
  });

  it('counts a category without a budget as having nothing left', () => {
    const problems = checkInvoiceLines([line], withPlan({ budgetsCents: {} }));
    expect(problems[0]?.[0]?.message).toBe(
      'Over the remaining Assistance with Daily Life (01) budget by $140.46: $0.00 of $0.00 is left and this invoice claims $140.46',
    );
  });

  it("checks each line against the plan covering its service date, and that plan's budgets", () => {
    // The current plan, and the next one already recorded (upcoming), with a gap-free hand-over.
    const next: CheckedPlan = {
      id: '00000000-0000-7000-8000-000000000002',
      startDate: '2026-07-01',
      endDate: '2027-06-30',
      status: 'upcoming',
      budgetsCents: { '01': 10_000 },
      usedCents: {},
    };
    const inNext = { ...line, serviceDateFrom: '2026-07-06', serviceDateTo: '2026-07-06' };
    const across = { ...line, serviceDateFrom: '2026-06-30', serviceDateTo: '2026-07-01' };
    const problems = checkInvoiceLines([line, inNext, across], { ...context, plans: [plan, next] });
    // The current plan's $1,000 budget holds the lines in it; the next plan's $100 budget does not
    // hold the line in it, though the two together would.
    expect(problems[0]).toEqual([]);
    expect(problems[1]).toEqual([
      {
        severity: 'warning',
        code: 'over-budget',
        message:
          'Over the remaining Assistance with Daily Life (01) budget by $40.46: $100.00 of $100.00 is left and this invoice claims $140.46',
      },
    ]);
    // A line running past its plan's end is outside that plan.
    expect(problems[2]?.find((p) => p.code === 'outside-plan')?.message).toBe(
      '30/06/2026 to 01/07/2026 is outside the current plan (01/07/2025 to 30/06/2026)',
    );

    // A gap between plans, and a date before the first: each names the nearest plan as it stands.
    const later = { ...next, startDate: '2026-08-01' };
    const [inGap, before] = checkInvoiceLines(
      [
        { ...line, serviceDateFrom: '2026-07-15', serviceDateTo: '2026-07-15' },
        { ...line, serviceDateFrom: '2025-06-30', serviceDateTo: '2025-06-30' },
      ],
      { ...context, plans: [later, plan] },
    );
    expect(inGap?.map((p) => p.message)).toEqual([
      '15/07/2026 is outside the current plan (01/07/2025 to 30/06/2026)',
    ]);
    expect(before?.map((p) => p.code)).toContain('outside-plan');
    expect(before?.find((p) => p.code === 'outside-plan')?.message).toBe(
      '30/06/2025 is outside the current plan (01/07/2025 to 30/06/2026)',
    );
    // Only an upcoming plan: a line in it is fine; one today is outside it.
    const onlyNext = { ...context, plans: [next] };
    expect(checkInvoiceLines([{ ...inNext, amountCents: 100 }], onlyNext)).toEqual([[]]);
    expect(checkInvoiceLines([line], onlyNext)[0]?.map((p) => p.message)).toEqual([
      '03/11/2025 is outside the upcoming plan (01/07/2026 to 30/06/2027)',
    ]);
  });
});
