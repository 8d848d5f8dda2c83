import { type GstCode, gstCodeLabels, gstCodes, type LineProblem } from '@wattle/domain/invoices/schemas';
import { AlertCircleIcon, ReplaceIcon, Trash2Icon, TriangleAlertIcon } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import { DateInput } from '@/ui/date-input';
import { FormField, fieldAria } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { NativeSelect } from '@/ui/native-select';
import { formatCents } from '../invoice-format';
import { draftAmountCents, type LineDraft, type LineFieldErrors } from './wizard-lines';

/**
 * One line of the wizard's step 2: what the server found wrong with it named on the line itself
 * (errors red, warnings such as over budget amber), then its dates, support item, description,
 * quantity, unit price and GST code, its amount, and Remove. Fields the browser or the server
 * refused carry their message beneath them.
 */
export function WizardLineRow({
  line,
  position,
  errors,
  isEdited,
  disabled,
  onChange,
  onRemove,
  onChangeItem,
}: {
  line: LineDraft;
  /** 1-based place in the list, naming the line for those whose number is not yet given. */
  position: number;
  errors: LineFieldErrors | undefined;
  /** Changed since the server last checked it: its problems may no longer hold. */
  isEdited: boolean;
  disabled: boolean;
  onChange: (patch: Partial<LineDraft>) => void;
  onRemove: () => void;
  onChangeItem: () => void;
}) {
  const base = useId();
  const id = (field: string) => `${base}-${field}`;
  const amount = draftAmountCents(line);
  const hasError = line.problems.some((problem) => problem.severity === 'error');
  const name = `Line ${position}`;
  const source = line.timeEntryId
    ? 'From approved time'
    : line.cardId
      ? 'From a billable card'
      : 'Added by hand';

  return (
    <li
      className={cn(
        'rounded-lg border bg-card p-3 sm:p-4',
        hasError ? 'border-destructive/60' : line.problems.length > 0 ? 'border-amber-400' : null,
      )}
      data-testid="invoice-line"
    >
      <fieldset className="flex min-w-0 flex-col gap-3" aria-label={name} disabled={disabled}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex min-w-0 flex-col">
            <span className="font-medium text-sm">
              {name} <span className="font-normal text-muted-foreground text-xs">· {source}</span>
            </span>
            <span className="font-mono text-xs">{line.supportItemNumber}</span>
            <span className="text-muted-foreground text-xs">{line.supportItemName}</span>
          </div>
          <div className="flex shrink-0 items-center gap-1">
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={onChangeItem}
              aria-label={`Change support item of ${name.toLowerCase()}`}
            >
              <ReplaceIcon aria-hidden="true" />
              <span className="hidden sm:inline">Support item</span>
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={onRemove}
              aria-label={`Remove ${name.toLowerCase()}`}
            >
              <Trash2Icon aria-hidden="true" />
              <span className="hidden sm:inline">Remove</span>
            </Button>
          </div>
        </div>

        {line.problems.length > 0 ? <LineProblems problems={line.problems} isEdited={isEdited} /> : null}
        {errors?.supportItemNumber ? (
          <p className="text-destructive text-sm">{errors.supportItemNumber}</p>
        ) : null}

        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <FormField id={id('from')} label="From" error={errors?.serviceDateFrom}>
            <DateInput
              id={id('from')}
              value={line.serviceDateFrom}
              onChange={(serviceDateFrom) => onChange({ serviceDateFrom })}
              {...fieldAria(id('from'), { error: errors?.serviceDateFrom })}
            />
          </FormField>
          <FormField id={id('to')} label="To" error={errors?.serviceDateTo}>
            <DateInput
              id={id('to')}
              value={line.serviceDateTo}
              onChange={(serviceDateTo) => onChange({ serviceDateTo })}
              {...fieldAria(id('to'), { error: errors?.serviceDateTo })}
            />
          </FormField>
          <FormField
            id={id('quantity')}
            label={line.unit === 'H' ? 'Hours' : 'Quantity'}
            error={errors?.quantity}
          >
            <Input
              id={id('quantity')}
              inputMode="decimal"
              value={line.quantity}
              onChange={(event) => onChange({ quantity: event.target.value })}
              {...fieldAria(id('quantity'), { error: errors?.quantity })}
            />
          </FormField>
          <FormField id={id('price')} label="Unit price ($)" error={errors?.unitPrice}>
            <Input
              id={id('price')}
              inputMode="decimal"
              value={line.unitPrice}
              onChange={(event) => onChange({ unitPrice: event.target.value })}
              {...fieldAria(id('price'), { error: errors?.unitPrice })}
            />
          </FormField>
        </div>

        <div className="grid gap-3 md:grid-cols-[1fr_12rem_8rem]">
          <FormField id={id('description')} label="Description" error={errors?.description}>
            <Input
              id={id('description')}
              value={line.description}
              maxLength={500}
              onChange={(event) => onChange({ description: event.target.value })}
              {...fieldAria(id('description'), { error: errors?.description })}
            />
          </FormField>
          <FormField id={id('gst')} label="GST code" error={errors?.gstCode}>
            <NativeSelect
              id={id('gst')}
              value={line.gstCode}
              onChange={(event) => onChange({ gstCode: event.target.value as GstCode })}
              {...fieldAria(id('gst'), { error: errors?.gstCode })}
            >
              {gstCodes.map((code) => (
                <option key={code} value={code}>
                  {gstCodeLabels[code]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <div className="flex flex-col gap-1.5">
            <span className="font-medium text-sm">Amount</span>
            <span
              className="flex h-9 items-center font-medium text-sm tabular-nums"
              data-testid="line-amount"
            >
              {amount === null ? '—' : formatCents(amount)}
            </span>
          </div>
        </div>
      </fieldset>
    </li>
  );
}

function LineProblems({ problems, isEdited }: { problems: readonly LineProblem[]; isEdited: boolean }) {
  return (
    <ul className="flex flex-col gap-1" aria-label="Problems on this line" data-testid="line-problems">
      {problems.map((problem) => (
        <li
          key={`${problem.code} ${problem.message}`}
          className={cn(
            'flex items-start gap-2 rounded-md px-2 py-1 text-sm',
            problem.severity === 'error'
              ? 'bg-destructive/10 text-destructive'
              : 'bg-amber-50 text-amber-900',
          )}
          data-severity={problem.severity}
        >
          {problem.severity === 'error' ? (
            <AlertCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          ) : (
            <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          )}
          <span>
            <span className="sr-only">{problem.severity === 'error' ? 'Error: ' : 'Warning: '}</span>
            {problem.message}
          </span>
        </li>
      ))}
      {isEdited ? (
        <li className="text-muted-foreground text-xs">Changed since it was checked: Save checks it again.</li>
      ) : null}
    </ul>
  );
}
