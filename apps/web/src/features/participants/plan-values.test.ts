import type { Plan } from '@wattle/domain/participants/plans';
import { describe, expect, it } from 'vitest';
import {
  centsToDollarText,
  emptyPlanValues,
  planFormPathOf,
  validatePlanValues,
  valuesOfPlan,
} from './plan-values';

const base = () => ({ ...emptyPlanValues(), startDate: '2026-01-01', endDate: '2026-12-31' });

describe('the plan editor', () => {
  it('turns dollars into cents and leaves out empty budget rows', () => {
    const result = validatePlanValues(
      {
        ...base(),
        budgets: [
          { category: '01', amount: '$12,500.5' },
          { category: '', amount: '' },
          { category: '07', amount: '800' },
        ],
      },
      3,
    );
    expect(result).toEqual({
      success: true,
      input: {
        version: 3,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        managementType: 'ndia',
        planManager: null,
        budgets: [
          { category: '01', amountCents: 1_250_050 },
          { category: '07', amountCents: 80_000 },
        ],
      },
    });
  });

  it('names each problem by its input with the schema’s messages', () => {
    const result = validatePlanValues({
      ...base(),
      endDate: '2025-06-01',
      managementType: 'plan',
      planManagerName: '',
      planManagerEmail: 'nope',
      budgets: [
        { category: '01', amount: 'lots' },
        { category: '', amount: '5' },
        { category: '02', amount: '1' },
        { category: '02', amount: '2' },
      ],
    });
    expect(result.success).toBe(false);
    const byPath = Object.fromEntries(result.success ? [] : result.issues.map((i) => [i.path, i.message]));
    expect(byPath).toMatchObject({
      'budgets.0.amount': 'Enter an amount of $0.00 or more',
      'budgets.1.category': 'Choose a support category',
      'budgets.3.category': 'Each support category may have one budget',
    });
    // The rest of the plan is checked once its budgets are: dates and the plan manager.
    const plan = validatePlanValues({
      ...base(),
      endDate: '2025-06-01',
      managementType: 'plan',
      planManagerName: '',
      planManagerEmail: 'nope',
      budgets: [],
    });
    const planIssues = Object.fromEntries(plan.success ? [] : plan.issues.map((i) => [i.path, i.message]));
    expect(planIssues).toMatchObject({
      endDate: 'The plan must end after it starts',
      planManagerName: "Please enter the plan manager's name",
      planManagerEmail: "Please enter the plan manager's email address",
    });
  });

  it('asks for both dates', () => {
    const result = validatePlanValues({ ...emptyPlanValues(), budgets: [] });
    expect(result.success ? [] : result.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(['Please enter the plan start date', 'Please enter the plan end date']),
    );
  });

  it('maps server paths to inputs and shows cents as dollars', () => {
    expect(planFormPathOf(['budgets', 2, 'amountCents'])).toBe('budgets.2.amount');
    expect(planFormPathOf(['planManager', 'email'])).toBe('planManagerEmail');
    expect(planFormPathOf(['version'])).toBe('root');
    expect(centsToDollarText(1_250_050)).toBe('12500.50');
    expect(centsToDollarText(800_000)).toBe('8000');
  });

  it('opens a plan with its values', () => {
    const plan = {
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      managementType: 'plan',
      planManager: { name: 'Pat', email: 'pat@example.com' },
      budgets: [{ category: '01', amountCents: 100_005 }],
    } as unknown as Plan;
    expect(valuesOfPlan(plan)).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      managementType: 'plan',
      planManagerName: 'Pat',
      planManagerEmail: 'pat@example.com',
      budgets: [{ category: '01', amount: '1000.05' }],
    });
  });
});
