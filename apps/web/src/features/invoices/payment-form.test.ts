import { describe, expect, it } from 'vitest';
import { paymentFromForm } from './payment-form';

const today = '2026-11-29';

describe('payment form', () => {
  it('turns dollars into cents', () => {
    expect(
      paymentFromForm({ date: '2026-11-20', amount: '$1,234.5', reference: ' EFT 42 ' }, 200_000, today),
    ).toEqual({
      payment: { date: '2026-11-20', amountCents: 123_450, reference: 'EFT 42' },
    });
  });

  it('names each wrong field', () => {
    expect(paymentFromForm({ date: '', amount: 'abc', reference: '' }, 10_000, today)).toEqual({
      errors: {
        date: 'Choose the date it was paid',
        amount: 'Enter an amount in dollars, e.g. 120.50',
        reference: 'A reference is required',
      },
    });
    expect(paymentFromForm({ date: '2026-11-20', amount: '0', reference: 'x' }, 10_000, today)).toEqual({
      errors: { amount: 'The amount must be more than $0.00' },
    });
  });

  it('refuses more than is owing', () => {
    expect(paymentFromForm({ date: '2026-11-20', amount: '100.01', reference: 'x' }, 10_000, today)).toEqual({
      errors: { amount: 'The payment is more than the amount owing' },
    });
  });

  it('refuses a date after today, the day itself allowed', () => {
    expect(paymentFromForm({ date: '2026-11-30', amount: '10', reference: 'x' }, 10_000, today)).toEqual({
      errors: { date: 'The date paid cannot be after today' },
    });
    expect(paymentFromForm({ date: today, amount: '10', reference: 'x' }, 10_000, today)).toEqual({
      payment: { date: today, amountCents: 1_000, reference: 'x' },
    });
  });
});
