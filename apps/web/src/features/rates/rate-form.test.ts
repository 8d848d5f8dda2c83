import type { SupportItem } from '@wattle/domain/time/catalogue';
import { describe, expect, it } from 'vitest';
import { limitText, notBillableReason, rateFormatMessage, rateText, readRate } from './rate-form';

const limit = { code: '01_011_0107_1_1', cents: 7023, state: 'NSW' as const };

function item(overrides: Partial<SupportItem>): SupportItem {
  const prices = { ACT: 1, NSW: 1, NT: 1, QLD: 1, SA: 1, TAS: 1, VIC: 1, WA: 1, REMOTE: 1, VERY_REMOTE: 1 };
  return {
    number: '01_011_0107_1_1',
    name: 'Self-care',
    registrationGroupNumber: '0107',
    registrationGroupName: 'Daily Personal Activities',
    categoryNumber: '01',
    categoryName: 'Daily Activities',
    unit: 'H',
    quoteRequired: false,
    startDate: '2025-07-01',
    endDate: null,
    priceLimitsCents: prices,
    nonFaceToFace: false,
    providerTravel: true,
    shortNoticeCancellations: true,
    ndiaRequestedReports: false,
    irregularSil: false,
    ...overrides,
  };
}

describe('readRate', () => {
  it('reads dollars and cents up to the price limit', () => {
    expect(readRate('68.45', limit)).toEqual({ cents: 6845 });
    expect(readRate('$70.23', limit)).toEqual({ cents: 7023 });
    expect(readRate('1,020.5', null)).toEqual({ cents: 102050 });
    expect(readRate('500', { ...limit, cents: null })).toEqual({ cents: 50000 });
  });

  it('says what is wrong, the limit included', () => {
    expect(readRate('', limit)).toEqual({ error: 'Please enter an hourly rate above $0.00' });
    expect(readRate('0', limit)).toEqual({ error: 'Please enter an hourly rate above $0.00' });
    expect(readRate('68.455', limit)).toEqual({ error: rateFormatMessage });
    expect(readRate('abc', limit)).toEqual({ error: rateFormatMessage });
    expect(readRate('70.24', limit)).toEqual({
      error: 'The hourly rate $70.24 is above the NSW price limit of $70.23 for 01_011_0107_1_1.',
    });
    expect(readRate('100000.01', null)).toEqual({ error: 'The hourly rate can be at most $100,000.00' });
  });
});

describe('notBillableReason', () => {
  it('refuses capital supports and items not priced by the hour', () => {
    expect(notBillableReason(item({}))).toBeNull();
    expect(
      notBillableReason(item({ number: '05_1', categoryNumber: '05', categoryName: 'Assistive Technology' })),
    ).toBe(
      '05_1 is a capital support (Assistive Technology); only core and capacity building supports can be time codes.',
    );
    expect(notBillableReason(item({ unit: 'E' }))).toContain('is priced per each, not per hour');
  });
});

describe('limitText and rateText', () => {
  it('show a limit and a rate', () => {
    expect(limitText(7023, 'VIC')).toBe('$70.23 in VIC');
    expect(limitText(null, 'WA')).toBe('No price limit in WA');
    expect(rateText(6845)).toBe('68.45');
    expect(rateText(19399)).toBe('193.99');
  });
});
