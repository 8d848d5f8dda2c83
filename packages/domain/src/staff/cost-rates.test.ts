import { describe, expect, it } from 'vitest';
import {
  costRateLabel,
  costRateMessages,
  costRateText,
  maxHourlyCostRateCents,
  readCostRate,
  UpdateStaffCostRateSchema,
} from './cost-rates';

describe('readCostRate', () => {
  it('reads dollars and cents as typed into cents', () => {
    expect(readCostRate('68.45')).toEqual({ cents: 6845 });
    expect(readCostRate(' $75 ')).toEqual({ cents: 7500 });
    expect(readCostRate('70.5')).toEqual({ cents: 7050 });
    expect(readCostRate('1,000.00')).toEqual({ cents: 100_000 });
    expect(readCostRate('0')).toEqual({ cents: 0 });
  });

  it('clears the rate when the field is empty', () => {
    expect(readCostRate('')).toEqual({ cents: null });
    expect(readCostRate('   ')).toEqual({ cents: null });
  });

  it('refuses what is not dollars and cents, saying how to write it', () => {
    for (const text of ['abc', '68.455', '-5', '68,45.1.2', '12a']) {
      expect(readCostRate(text)).toEqual({ error: costRateMessages.format });
    }
  });

  it('refuses more than $1,000.00 an hour', () => {
    expect(readCostRate('1000.01')).toEqual({ error: costRateMessages.range });
    expect(readCostRate('5000')).toEqual({ error: costRateMessages.range });
  });
});

describe('the cost rate as shown', () => {
  it('shows cents as the field edits them', () => {
    expect(costRateText(6845)).toBe('68.45');
    expect(costRateText(7500)).toBe('75.00');
    expect(costRateText(null)).toBe('');
  });

  it('labels a rate or its absence', () => {
    expect(costRateLabel(100_000)).toBe('$1,000.00 an hour');
    expect(costRateLabel(null)).toBe('Not set');
  });
});

describe('UpdateStaffCostRateSchema', () => {
  it('takes whole cents from 0 to $1,000.00, or null', () => {
    for (const cents of [0, 6845, maxHourlyCostRateCents, null]) {
      expect(UpdateStaffCostRateSchema.parse({ hourlyCostRateCents: cents })).toEqual({
        hourlyCostRateCents: cents,
      });
    }
  });

  it('refuses out of range, fractional or missing rates with a message naming the field', () => {
    const message = (value: unknown) =>
      UpdateStaffCostRateSchema.safeParse({ hourlyCostRateCents: value }).error?.issues[0]?.message;
    expect(message(-1)).toBe(costRateMessages.range);
    expect(message(100_001)).toBe(costRateMessages.range);
    expect(message(68.5)).toBe(costRateMessages.wholeCents);
    expect(message('68.45')).toBe(costRateMessages.range);
    expect(message(undefined)).toBe(costRateMessages.range);
  });
});
