import { type Invoice, payerKindLabels } from '@wattle/domain/invoices/schemas';
import { AlertCircleIcon, ArrowLeftIcon, SendIcon } from 'lucide-react';
import { useId } from 'react';
import { Alert, AlertDescription } from '@/ui/alert';
import { Button } from '@/ui/button';
import { formatCents, formatPeriod } from '../invoice-format';
import { draftTotals, type WizardValues } from './wizard-lines';

/**
 * Step 3 of the wizard: who pays, the period and the totals, and "Submit for approval", which stays
 * disabled while anything stops it (unsaved changes, a line with an error), saying why.
 */
export function WizardSummaryStep({
  invoice,
  values,
  blocker,
  isSubmitting,
  submitError,
  onBack,
  onSubmit,
}: {
  invoice: Invoice;
  values: WizardValues;
  blocker: string | null;
  isSubmitting: boolean;
  submitError: string | null;
  onBack: () => void;
  onSubmit: () => void;
}) {
  const totals = draftTotals(values.lines, invoice.gstRate);
  const whyId = useId();
  const warnings = values.lines.filter((line) =>
    line.problems.some((problem) => problem.severity === 'warning'),
  );

  return (
    <div className="flex flex-col gap-5" data-testid="wizard-summary">
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">Invoice</dt>
          <dd className="font-medium">{invoice.invoiceNumber}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Participant</dt>
          <dd className="font-medium">
            {invoice.participantName}
            {invoice.ndisNumber ? (
              <span className="text-muted-foreground"> · NDIS {invoice.ndisNumber}</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Payer</dt>
          <dd className="font-medium" data-testid="wizard-payer">
            {payerKindLabels[invoice.payer.kind]}: {invoice.payer.name}
            {invoice.payer.email ? (
              <span className="block text-muted-foreground">{invoice.payer.email}</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Period</dt>
          <dd className="font-medium">{formatPeriod(invoice.periodFrom, invoice.periodTo)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Lines</dt>
          <dd className="font-medium">{values.lines.length}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Payment terms</dt>
          <dd className="font-medium">{invoice.paymentTerms} days from sending</dd>
        </div>
      </dl>

      <dl
        className="ml-auto grid w-full max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm tabular-nums"
        data-testid="wizard-totals"
      >
        <dt className="text-muted-foreground">Subtotal</dt>
        <dd className="text-right">{formatCents(totals.subtotalCents)}</dd>
        <dt className="text-muted-foreground">GST</dt>
        <dd className="text-right">{formatCents(totals.gstCents)}</dd>
        <dt className="border-t pt-1 font-semibold">Total</dt>
        <dd className="border-t pt-1 text-right font-semibold">{formatCents(totals.totalCents)}</dd>
      </dl>

      {values.notes ? (
        <div className="text-sm">
          <p className="text-muted-foreground">Notes</p>
          <p className="whitespace-pre-wrap">{values.notes}</p>
        </div>
      ) : null}

      {warnings.length > 0 ? (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-900 text-sm">
          {warnings.length === 1 ? 'One line has a warning' : `${warnings.length} lines have warnings`} (see
          step 2). Warnings do not stop submission; the approver sees them too.
        </p>
      ) : null}

      {submitError ? (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden="true" />
          <AlertDescription>{submitError}</AlertDescription>
        </Alert>
      ) : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
        <Button type="button" variant="outline" onClick={onBack}>
          <ArrowLeftIcon aria-hidden="true" />
          Back to lines
        </Button>
        <div className="flex flex-col items-stretch gap-1 sm:items-end">
          <Button
            type="button"
            onClick={onSubmit}
            disabled={blocker !== null || isSubmitting}
            aria-describedby={blocker ? whyId : undefined}
          >
            <SendIcon aria-hidden="true" />
            {isSubmitting ? 'Submitting...' : 'Submit for approval'}
          </Button>
          {blocker ? (
            <p id={whyId} className="text-muted-foreground text-sm" data-testid="submit-blocker">
              {blocker}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
