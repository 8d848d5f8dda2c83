import { invoiceMessages, type RecordPayment, RecordPaymentSchema } from '@wattle/domain/invoices/schemas';
import { parseDollarsToCents } from '@wattle/domain/participants/plans';

/** The Record payment dialog's fields as typed: the amount in dollars. */
export interface PaymentFormValues {
  date: string;
  amount: string;
  reference: string;
}

export type PaymentFormErrors = Partial<Record<keyof PaymentFormValues, string>>;

/**
 * The typed payment as the API takes it (amount in cents), or the message of each field that is
 * wrong: a date no later than `today` (the tenant's), a dollar amount above $0.00 and no more than
 * the balance, a reference.
 */
export function paymentFromForm(
  values: PaymentFormValues,
  balanceCents: number,
  today: string,
): { payment: RecordPayment } | { errors: PaymentFormErrors } {
  const errors: PaymentFormErrors = {};
  const cents = parseDollarsToCents(values.amount);
  if (cents === null) errors.amount = 'Enter an amount in dollars, e.g. 120.50';
  else if (cents > balanceCents) errors.amount = invoiceMessages.overpaid;
  const parsed = RecordPaymentSchema.safeParse({
    date: values.date,
    amountCents: cents ?? 0,
    reference: values.reference,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'amountCents' ? 'amount' : (issue.path[0] as keyof PaymentFormValues);
      if (field === 'date') errors.date = values.date ? 'Enter a valid date' : 'Choose the date it was paid';
      else errors[field] ??= issue.message;
    }
  } else if (parsed.data.date > today) errors.date = invoiceMessages.futurePayment;
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { payment: parsed.data };
}
