import { describe, expect, it } from 'vitest';
import { emptyBillingRuleDraft, parseBillingRuleDraft, rateLabel, ruleToDraft } from './billing-rule-form';

const draft = {
  ...emptyBillingRuleDraft(),
  baseRate: '193.55',
  estimatedHours: '1.5',
  ndisLineItem: '15_054_0128_1_3',
};

describe('parseBillingRuleDraft', () => {
  it('reads dollars as cents and hours as a number', () => {
    expect(parseBillingRuleDraft(draft)).toEqual({
      success: true,
      input: {
        cardType: 'task',
        category: 'review',
        baseRateCents: 19_355,
        estimatedHours: 1.5,
        ndisLineItem: '15_054_0128_1_3',
        gstApplicable: false,
      },
    });
    const dollars = parseBillingRuleDraft({ ...draft, baseRate: '$80.5' });
    expect(dollars.success && dollars.input.baseRateCents).toBe(8050);
    const whole = parseBillingRuleDraft({ ...draft, baseRate: '80' });
    expect(whole.success && whole.input.baseRateCents).toBe(8000);
  });

  it('names each field that is wrong, in plain words', () => {
    const result = parseBillingRuleDraft({
      ...draft,
      baseRate: '12.345',
      estimatedHours: '0',
      ndisLineItem: '15-054',
    });
    expect(result).toEqual({
      success: false,
      errors: {
        baseRate: 'Base rate must be dollars and cents, like 193.55',
        estimatedHours: 'Estimated hours must be more than 0',
        ndisLineItem: expect.stringContaining('A support item number looks like 01_011_0107_1_1'),
      },
    });
    const hours = parseBillingRuleDraft({ ...draft, estimatedHours: 'two' });
    expect(hours.success === false && hours.errors.estimatedHours).toBe(
      'Estimated hours must be a number, like 1.5',
    );
  });

  it('round-trips a saved rule', () => {
    const rule = {
      id: '0190a0b0-0000-7000-8000-000000000001',
      tenantId: '0190a0b0-0000-7000-8000-000000000002',
      cardType: 'bsp' as const,
      category: 'plan' as const,
      baseRateCents: 21_456,
      estimatedHours: 2.25,
      ndisLineItem: '11_023_0110_7_3',
      gstApplicable: true,
      version: 3,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const back = parseBillingRuleDraft(ruleToDraft(rule));
    expect(back.success && back.input).toMatchObject({
      baseRateCents: 21_456,
      estimatedHours: 2.25,
      gstApplicable: true,
    });
    expect(rateLabel(21_456)).toBe('$214.56');
  });
});
