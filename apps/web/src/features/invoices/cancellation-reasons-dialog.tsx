import {
  type CancellationReason,
  cancellationReasonLabels,
  cancellationReasons,
} from '@wattle/domain/invoices/bulk-payment-request';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/ui/dialog';
import { FormField, fieldAria } from '@/ui/form-field';
import { NativeSelect } from '@/ui/native-select';
import { type CancellationLine, type ChosenReasons, completeReasons } from './cancellation-lines';
import { formatInvoiceDate } from './invoice-format';

const missingReason = 'Choose a cancellation reason';

/**
 * Cancellation reasons (issue 15 part 6): before a claim with short-notice cancellation (CANC) lines
 * is made, the portal's reason of each (no show for health, family, transport or another reason) is
 * chosen here; all are required. Export claim hands them on keyed by line id; Cancel claims nothing.
 * Reasons chosen before (a claim the server then refused) come back as `initial`.
 */
export function CancellationReasonsDialog({
  lines,
  initial = {},
  isBusy,
  onExport,
  onClose,
}: {
  lines: readonly CancellationLine[];
  initial?: ChosenReasons;
  isBusy: boolean;
  onExport: (reasons: Record<string, CancellationReason>) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [chosen, setChosen] = useState<ChosenReasons>(initial);
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());
  const fieldId = (lineId: string) => `${id}-${lineId}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = completeReasons(lines, chosen);
    if ('missing' in result) {
      setMissing(new Set(result.missing));
      document.getElementById(fieldId(result.missing[0]!))?.focus();
      return;
    }
    setMissing(new Set());
    onExport(result.reasons);
  };

  const choose = (lineId: string, value: string) => {
    setChosen((current) => ({
      ...current,
      [lineId]: (value || undefined) as CancellationReason | undefined,
    }));
    if (value) {
      setMissing((current) => {
        const next = new Set(current);
        next.delete(lineId);
        return next;
      });
    }
  };

  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen || isBusy ? undefined : onClose())}>
      <DialogContent size="medium">
        <DialogHeader>
          <DialogTitle>Cancellation reasons</DialogTitle>
          <DialogDescription>
            {lines.length === 1
              ? 'This claim has a short-notice cancellation. The NDIA needs its reason.'
              : `This claim has ${lines.length} short-notice cancellations. The NDIA needs the reason of each.`}
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <ul className="flex flex-col gap-3" aria-label="Cancellation lines">
            {lines.map(({ invoiceNumber, line }) => {
              const lineField = fieldId(line.id);
              const error = missing.has(line.id) ? missingReason : undefined;
              // The select is described by its line (date and support item) and by its message.
              const aria = fieldAria(lineField, { error, isRequired: true });
              return (
                <li
                  key={line.id}
                  className="flex flex-col gap-2 rounded-md border p-3"
                  data-testid="cancellation-line"
                >
                  <p className="text-sm" id={`${lineField}-what`}>
                    <span className="font-medium">
                      {invoiceNumber} line {line.lineNumber}
                    </span>
                    {' · '}
                    {formatInvoiceDate(line.serviceDateFrom)}
                    {' · '}
                    <span className="font-mono text-xs">{line.supportItemNumber}</span> {line.supportItemName}
                  </p>
                  <FormField
                    id={lineField}
                    label={`Reason for ${invoiceNumber} line ${line.lineNumber}`}
                    isRequired
                    error={error}
                  >
                    <NativeSelect
                      id={lineField}
                      wrapperClassName="w-full"
                      className="aria-invalid:border-destructive aria-invalid:ring-destructive/20"
                      value={chosen[line.id] ?? ''}
                      disabled={isBusy}
                      onChange={(event) => choose(line.id, event.target.value)}
                      {...aria}
                      aria-describedby={[`${lineField}-what`, aria['aria-describedby']]
                        .filter(Boolean)
                        .join(' ')}
                    >
                      <option value="">Choose a reason…</option>
                      {cancellationReasons.map((reason) => (
                        <option key={reason} value={reason}>
                          {cancellationReasonLabels[reason]}
                        </option>
                      ))}
                    </NativeSelect>
                  </FormField>
                </li>
              );
            })}
          </ul>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={isBusy}>
              Cancel
            </Button>
            <Button type="submit" disabled={isBusy}>
              Export claim
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
