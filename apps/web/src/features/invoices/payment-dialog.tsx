import type { Invoice, RecordPayment } from '@wattle/domain/invoices/schemas';
import { AlertCircleIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Alert, AlertDescription } from '@/ui/alert';
import { Button } from '@/ui/button';
import { DateInput } from '@/ui/date-input';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/ui/dialog';
import { FormField, fieldAria } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { balanceCents, formatCents } from './invoice-format';
import { type PaymentFormErrors, type PaymentFormValues, paymentFromForm } from './payment-form';

/**
 * Record payment (issue 15 part 6): a payment made outside the portal, by date, amount in dollars
 * and reference. Each wrong field says why; the server's refusal shows in the dialog and what was
 * typed stays.
 */
export function PaymentDialog({
  invoice,
  today,
  isBusy,
  error,
  onRecord,
  onClose,
}: {
  invoice: Invoice;
  today: string;
  isBusy: boolean;
  error: string | null;
  /** The payment, and the key every try of this dialog shares. */
  onRecord: (payment: RecordPayment, idempotencyKey: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const owing = balanceCents(invoice);
  const [values, setValues] = useState<PaymentFormValues>({
    date: today,
    amount: (owing / 100).toFixed(2),
    reference: '',
  });
  const [errors, setErrors] = useState<PaymentFormErrors>({});
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const set = (field: keyof PaymentFormValues, value: string) =>
    setValues((previous) => ({ ...previous, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = paymentFromForm(values, owing, today);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onRecord(result.payment, idempotencyKey);
  };

  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen || isBusy ? undefined : onClose())}>
      <DialogContent size="small">
        <DialogHeader>
          <DialogTitle>Record payment</DialogTitle>
          <DialogDescription>
            {invoice.invoiceNumber}: {formatCents(owing)} owing of {formatCents(invoice.totalCents)}.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <FormField id={`${id}-date`} label="Date paid" isRequired error={errors.date}>
            <DateInput
              id={`${id}-date`}
              value={values.date}
              onChange={(date) => set('date', date)}
              {...fieldAria(`${id}-date`, { error: errors.date, isRequired: true })}
            />
          </FormField>
          <FormField id={`${id}-amount`} label="Amount ($)" isRequired error={errors.amount}>
            <Input
              id={`${id}-amount`}
              inputMode="decimal"
              value={values.amount}
              onChange={(event) => set('amount', event.target.value)}
              {...fieldAria(`${id}-amount`, { error: errors.amount, isRequired: true })}
            />
          </FormField>
          <FormField id={`${id}-reference`} label="Reference" isRequired error={errors.reference}>
            <Input
              id={`${id}-reference`}
              value={values.reference}
              maxLength={100}
              onChange={(event) => set('reference', event.target.value)}
              {...fieldAria(`${id}-reference`, { error: errors.reference, isRequired: true })}
            />
          </FormField>
          {error ? (
            <Alert variant="destructive">
              <AlertCircleIcon aria-hidden="true" />
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={isBusy}>
              Cancel
            </Button>
            <Button type="submit" disabled={isBusy}>
              Record payment
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
