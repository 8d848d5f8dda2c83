import { useQuery } from '@tanstack/react-query';
import {
  type CorrectClaimLine,
  CorrectClaimLineSchema,
  type InvoiceLine,
} from '@wattle/domain/invoices/schemas';
import { parseDollarsToCents } from '@wattle/domain/participants/plans';
import type { SupportItem } from '@wattle/domain/time/catalogue';
import { tenantState } from '@wattle/domain/time/tenant-state';
import { AlertCircleIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { SupportItemPicker } from '@/features/rates/support-item-picker';
import { currentTenantQueryOptions } from '@/features/time/api';
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
import { formatQuantity } from './invoice-format';

/** Any item in force may be claimed: none is refused by the picker. */
const anyItem = () => null;

type Field = 'quantity' | 'unitPrice' | 'serviceDateFrom' | 'serviceDateTo';

/**
 * Correct rejected line (issue 15 part 6): the support item, quantity, unit price and dates of a
 * line the NDIA rejected, so it can be claimed again. The portal's error text is shown while the
 * person fixes it; the server checks again and its refusal shows here, what was typed kept.
 */
export function CorrectLineDialog({
  tenantId,
  line,
  version,
  isBusy,
  error,
  onCorrect,
  onClose,
}: {
  tenantId: string;
  line: InvoiceLine;
  version: number;
  isBusy: boolean;
  error: string | null;
  onCorrect: (correction: CorrectClaimLine) => void;
  onClose: () => void;
}) {
  const id = useId();
  const tenant = useQuery(currentTenantQueryOptions(tenantId));
  const state = tenant.data
    ? tenantState({ addressState: tenant.data.profile.address?.state, timeZone: tenant.data.timeZone })
    : null;
  const [item, setItem] = useState<{ number: string; name: string }>({
    number: line.supportItemNumber,
    name: line.supportItemName,
  });
  const [isPicking, setIsPicking] = useState(false);
  const [quantity, setQuantity] = useState(formatQuantity(line.quantity));
  const [unitPrice, setUnitPrice] = useState((line.unitPriceCents / 100).toFixed(2));
  const [from, setFrom] = useState(line.serviceDateFrom);
  const [to, setTo] = useState(line.serviceDateTo);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const chooseItem = (chosen: SupportItem) => {
    setItem({ number: chosen.number, name: chosen.name });
    setIsPicking(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Partial<Record<Field, string>> = {};
    const cents = parseDollarsToCents(unitPrice);
    if (cents === null) next.unitPrice = 'Enter a price in dollars, e.g. 67.56';
    const amount = Number(quantity);
    if (!quantity.trim() || Number.isNaN(amount)) next.quantity = 'Enter a quantity, e.g. 1.5';
    if (to < from) next.serviceDateTo = 'The dates must end on or after they start';
    const parsed = CorrectClaimLineSchema.safeParse({
      version,
      supportItemNumber: item.number,
      quantity: amount,
      unitPriceCents: cents ?? 0,
      serviceDateFrom: from,
      serviceDateTo: to,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (key === 'quantity') next.quantity ??= issue.message;
        else if (key === 'unitPriceCents') next.unitPrice ??= 'Enter a price in dollars, e.g. 67.56';
        else if (key === 'serviceDateFrom') next.serviceDateFrom ??= 'Choose a date';
        else if (key === 'serviceDateTo') next.serviceDateTo ??= 'Choose a date';
      }
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    onCorrect(parsed.data);
  };

  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen || isBusy ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Correct line {line.lineNumber}</DialogTitle>
          <DialogDescription>
            The NDIA rejected this line
            {line.claimError ? `: “${line.claimError}”` : '.'} Correct it, then claim it again.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <div className="flex flex-col gap-2">
            <p className="font-medium text-sm">Support item</p>
            <p className="text-sm" data-testid="correct-line-item">
              <span className="font-mono text-xs">{item.number}</span> {item.name}
            </p>
            {isPicking ? (
              state ? (
                <SupportItemPicker
                  tenantId={tenantId}
                  state={state}
                  selected={null}
                  unavailableReason={anyItem}
                  onSelect={chooseItem}
                />
              ) : (
                <p className="text-muted-foreground text-sm">Loading the catalogue...</p>
              )
            ) : (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="w-fit"
                onClick={() => setIsPicking(true)}
              >
                Change support item
              </Button>
            )}
          </div>
          <div className="grid grid-cols-2 gap-3">
            <FormField id={`${id}-quantity`} label="Quantity" isRequired error={errors.quantity}>
              <Input
                id={`${id}-quantity`}
                inputMode="decimal"
                value={quantity}
                onChange={(event) => setQuantity(event.target.value)}
                {...fieldAria(`${id}-quantity`, { error: errors.quantity, isRequired: true })}
              />
            </FormField>
            <FormField id={`${id}-price`} label="Unit price ($)" isRequired error={errors.unitPrice}>
              <Input
                id={`${id}-price`}
                inputMode="decimal"
                value={unitPrice}
                onChange={(event) => setUnitPrice(event.target.value)}
                {...fieldAria(`${id}-price`, { error: errors.unitPrice, isRequired: true })}
              />
            </FormField>
            <FormField id={`${id}-from`} label="Delivered from" isRequired error={errors.serviceDateFrom}>
              <DateInput
                id={`${id}-from`}
                value={from}
                onChange={setFrom}
                {...fieldAria(`${id}-from`, { error: errors.serviceDateFrom, isRequired: true })}
              />
            </FormField>
            <FormField id={`${id}-to`} label="Delivered to" isRequired error={errors.serviceDateTo}>
              <DateInput
                id={`${id}-to`}
                value={to}
                onChange={setTo}
                {...fieldAria(`${id}-to`, { error: errors.serviceDateTo, isRequired: true })}
              />
            </FormField>
          </div>
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
              Save correction
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
