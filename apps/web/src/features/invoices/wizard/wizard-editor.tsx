import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invoice } from '@wattle/domain/invoices/schemas';
import { AlertCircleIcon, ArrowRightIcon, HistoryIcon, PlusIcon, SaveIcon } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { isApiError, validationIssues } from '@/lib/http';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConflictAlert } from '@/ui/conflict-alert';
import { FormField, textareaClass } from '@/ui/form-field';
import { toast } from '@/ui/toast';
import { keepClearOfToasts } from '@/ui/toast-clearance';
import { invoiceKeys, submitInvoice, updateInvoice } from '../api';
import { formatCents, formatInstant } from '../invoice-format';
import {
  type InvoiceDraftTarget,
  readInvoiceDraft,
  removeInvoiceDraft,
  writeInvoiceDraft,
} from './invoice-draft';
import { SupportItemDialog } from './support-item-dialog';
import { WizardLineRow } from './wizard-line-row';
import {
  draftTotals,
  hasWizardChanges,
  isLineEdited,
  type LineDraft,
  type LineFieldErrors,
  lineInputsOf,
  newLineDraft,
  serverLineErrors,
  submitBlocker,
  type WizardValues,
  wizardValuesOf,
} from './wizard-lines';
import { WizardSummaryStep } from './wizard-summary-step';

type ItemDialog = { mode: 'add' } | { mode: 'change'; key: string } | null;

/** Where the values start: the invoice, with unsaved edits of this tab laid over it. */
function startOf(invoice: Invoice, target: InvoiceDraftTarget) {
  const saved = wizardValuesOf(invoice);
  const draft = readInvoiceDraft(target);
  if (!draft || !hasWizardChanges(saved, draft.values)) return { values: saved, restored: null };
  return {
    values: draft.values,
    restored: { savedAt: draft.savedAt, isStale: draft.baseVersion !== invoice.version },
  };
}

/**
 * Steps 2 and 3 of the wizard for one draft invoice (issue 15 part 2). Edits are the person's until
 * saved: a live refresh of the invoice does not overwrite them, a reload brings them back (session
 * draft), and a save over someone else's change (409) keeps them and offers both versions.
 */
export function WizardEditor({
  tenantId,
  userId,
  invoice: latest,
  onSubmitted,
}: {
  tenantId: string;
  userId: string;
  /** The invoice as the server last answered it (refreshed live). */
  invoice: Invoice;
  onSubmitted: (invoice: Invoice) => void;
}) {
  const queryClient = useQueryClient();
  const target = useMemo(() => ({ userId, tenantId, invoiceId: latest.id }), [userId, tenantId, latest.id]);
  const [start] = useState(() => startOf(latest, target));
  const [base, setBase] = useState(latest);
  const [values, setValues] = useState<WizardValues>(start.values);
  const [restored, setRestored] = useState(start.restored);
  const [step, setStep] = useState<'lines' | 'summary'>('lines');
  const [fieldErrors, setFieldErrors] = useState<Record<string, LineFieldErrors>>({});
  const [generalErrors, setGeneralErrors] = useState<string[]>([]);
  const [conflict, setConflict] = useState<Invoice | null>(null);
  const [itemDialog, setItemDialog] = useState<ItemDialog>(null);
  const saved = useMemo(() => wizardValuesOf(base), [base]);
  const hasChanges = hasWizardChanges(saved, values);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const notesId = useId();

  // Someone else's save arrives live: taken at once when nothing here is unsaved.
  useEffect(() => {
    if (latest.version > base.version && !hasWizardChanges(wizardValuesOf(base), values)) {
      setBase(latest);
      setValues(wizardValuesOf(latest));
    }
  }, [latest, base, values]);

  // Unsaved edits outlive a reload of this tab.
  useEffect(() => {
    if (hasChanges) writeInvoiceDraft(target, { values, baseVersion: base.version });
    else removeInvoiceDraft(target);
  }, [hasChanges, values, base.version, target]);

  const accept = (invoice: Invoice) => {
    queryClient.setQueryData(invoiceKeys.detail(tenantId, invoice.id), invoice);
    void queryClient.invalidateQueries({ queryKey: invoiceKeys.lists(tenantId) });
    setBase(invoice);
    setValues(wizardValuesOf(invoice));
    setFieldErrors({});
    setGeneralErrors([]);
    setConflict(null);
    setRestored(null);
    removeInvoiceDraft(target);
  };

  const save = useMutation({
    mutationFn: (patch: Parameters<typeof updateInvoice>[2]) => updateInvoice(tenantId, base.id, patch),
    onSuccess: (invoice) => {
      accept(invoice);
      toast.success('Invoice saved', {
        description: `${invoice.invoiceNumber}: ${formatCents(invoice.totalCents)}`,
      });
    },
    onError: (error) => {
      if (isApiError(error, 'CONFLICT')) {
        const current = (error.details as { current?: Invoice } | undefined)?.current;
        if (current) {
          setConflict(current);
          return;
        }
      }
      const { byLine, general } = serverLineErrors(validationIssues(error), values.lines);
      setFieldErrors(byLine);
      setGeneralErrors(general.length > 0 || Object.keys(byLine).length > 0 ? general : [error.message]);
    },
  });

  const submit = useMutation({
    mutationFn: () => submitInvoice(tenantId, base.id, base.version),
    onSuccess: (invoice) => {
      removeInvoiceDraft(target);
      queryClient.setQueryData(invoiceKeys.detail(tenantId, invoice.id), invoice);
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all(tenantId) });
      toast.success('Invoice submitted for approval', { description: invoice.invoiceNumber });
      onSubmitted(invoice);
    },
    onError: () => {
      // The lines' problems or the version may have changed: read the invoice again.
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.detail(tenantId, base.id) });
    },
  });

  const saveNow = () => {
    const result = lineInputsOf(values.lines);
    if (!result.ok) {
      setFieldErrors(result.errors);
      setGeneralErrors(['Some lines need fixing: see the messages on them.']);
      return;
    }
    if (result.inputs.length === 0) {
      setGeneralErrors([
        'An invoice needs at least one line. Add a line, or void the invoice from its page.',
      ]);
      return;
    }
    setGeneralErrors([]);
    save.mutate({ version: base.version, notes: values.notes, lineItems: result.inputs });
  };

  const updateLine = (key: string, patch: Partial<LineDraft>) => {
    setValues((current) => ({
      ...current,
      lines: current.lines.map((line) => (line.key === key ? { ...line, ...patch } : line)),
    }));
    setFieldErrors((current) => {
      if (!current[key]) return current;
      const next = { ...current[key] };
      for (const field of Object.keys(patch)) delete next[field as keyof LineFieldErrors];
      return { ...current, [key]: next };
    });
  };

  const goTo = (next: 'lines' | 'summary') => {
    setStep(next);
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const blocker = submitBlocker(values, hasChanges);
  const totals = draftTotals(values.lines, base.gstRate);

  return (
    <div className="flex flex-col gap-4">
      <WizardSteps current={step === 'lines' ? 2 : 3} />
      <h2 ref={headingRef} tabIndex={-1} className="font-semibold text-lg outline-none">
        {step === 'lines' ? 'Review the lines' : 'Summary'}
        <span className="ml-2 font-normal text-muted-foreground text-sm">
          {base.invoiceNumber} · {base.participantName}
        </span>
      </h2>

      {base.rejectionReason ? (
        <Alert className="border-amber-300 bg-amber-50 text-amber-950" data-testid="wizard-rejection">
          <AlertCircleIcon aria-hidden="true" />
          <AlertTitle>Sent back by the approver</AlertTitle>
          <AlertDescription className="text-amber-950">{base.rejectionReason}</AlertDescription>
        </Alert>
      ) : null}

      {restored ? (
        <Alert data-testid="invoice-draft-restored">
          <HistoryIcon aria-hidden="true" />
          <AlertTitle>Unsaved changes brought back</AlertTitle>
          <AlertDescription>
            <p>
              What you changed at {formatInstant(restored.savedAt)} was not saved, so it is here again.
              {restored.isStale ? ' The invoice has been changed since: check before saving.' : ''}
            </p>
            <Button
              variant="outline"
              size="sm"
              className="mt-1"
              onClick={() => {
                setValues(saved);
                setRestored(null);
                setFieldErrors({});
                removeInvoiceDraft(target);
              }}
            >
              Discard these changes
            </Button>
          </AlertDescription>
        </Alert>
      ) : null}

      {conflict ? (
        <ConflictAlert title="Someone else changed this invoice" role="alert" data-testid="invoice-conflict">
          {conflict.status === 'draft' ? (
            <>
              <p>
                They saved it since you opened it: it now has {conflict.lineItems.length}{' '}
                {conflict.lineItems.length === 1 ? 'line' : 'lines'} and comes to{' '}
                {formatCents(conflict.totalCents)}. Your changes are still here.
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                <Button type="button" size="sm" variant="outline" onClick={() => accept(conflict)}>
                  Use their version
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    setBase(conflict);
                    setConflict(null);
                  }}
                >
                  Keep mine and save again
                </Button>
              </div>
            </>
          ) : (
            <p>
              It is no longer a draft, so it cannot be changed here. Open the invoice to see where it stands.
            </p>
          )}
        </ConflictAlert>
      ) : null}

      {step === 'lines' ? (
        <>
          {generalErrors.length > 0 ? (
            <Alert variant="destructive" data-testid="wizard-save-error">
              <AlertCircleIcon aria-hidden="true" />
              <AlertTitle>The invoice was not saved</AlertTitle>
              <AlertDescription>
                {generalErrors.map((message) => (
                  <p key={message}>{message}</p>
                ))}
              </AlertDescription>
            </Alert>
          ) : null}

          {values.lines.length === 0 ? (
            <p className="rounded-md border border-dashed px-3 py-6 text-center text-muted-foreground text-sm">
              No lines. Add a line from the catalogue.
            </p>
          ) : (
            <ol className="flex flex-col gap-3" aria-label="Invoice lines">
              {values.lines.map((line, index) => (
                <WizardLineRow
                  key={line.key}
                  line={line}
                  position={index + 1}
                  errors={fieldErrors[line.key]}
                  isEdited={isLineEdited(line, saved)}
                  disabled={save.isPending}
                  onChange={(patch) => updateLine(line.key, patch)}
                  onRemove={() =>
                    setValues((current) => ({
                      ...current,
                      lines: current.lines.filter((candidate) => candidate.key !== line.key),
                    }))
                  }
                  onChangeItem={() => setItemDialog({ mode: 'change', key: line.key })}
                />
              ))}
            </ol>
          )}

          <div>
            <Button type="button" variant="outline" onClick={() => setItemDialog({ mode: 'add' })}>
              <PlusIcon aria-hidden="true" />
              Add line
            </Button>
          </div>

          <FormField id={notesId} label="Notes">
            <textarea
              id={notesId}
              className={textareaClass}
              value={values.notes}
              maxLength={2000}
              onChange={(event) => setValues((current) => ({ ...current, notes: event.target.value }))}
            />
          </FormField>

          {/* Buttons on the left, as before; toasts now rise above the whole bar (ui/toast-clearance.ts). */}
          <div
            ref={keepClearOfToasts}
            data-testid="wizard-save-bar"
            className="sticky bottom-0 -mx-1 flex flex-col gap-2 border-t bg-background px-1 py-3 sm:flex-row-reverse sm:items-center sm:justify-between"
          >
            <p className="text-sm tabular-nums" data-testid="wizard-running-total">
              {values.lines.length} {values.lines.length === 1 ? 'line' : 'lines'} · Total{' '}
              <span className="font-semibold">{formatCents(totals.totalCents)}</span>
              {hasChanges ? <span className="ml-2 text-amber-700">Unsaved changes</span> : null}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                variant="outline"
                onClick={saveNow}
                disabled={!hasChanges || save.isPending}
              >
                <SaveIcon aria-hidden="true" />
                {save.isPending ? 'Saving...' : 'Save'}
              </Button>
              <Button type="button" onClick={() => goTo('summary')}>
                Next: summary
                <ArrowRightIcon aria-hidden="true" />
              </Button>
            </div>
          </div>
        </>
      ) : (
        <WizardSummaryStep
          invoice={base}
          values={values}
          blocker={blocker}
          isSubmitting={submit.isPending}
          submitError={submit.isError ? submit.error.message : null}
          onBack={() => goTo('lines')}
          onSubmit={() => submit.mutate()}
        />
      )}

      {itemDialog ? (
        <SupportItemDialog
          tenantId={tenantId}
          title={itemDialog.mode === 'add' ? 'Add line' : 'Change support item'}
          onClose={() => setItemDialog(null)}
          onChoose={(item, priceLimitCents) => {
            if (itemDialog.mode === 'add') {
              const line = newLineDraft({
                supportItemNumber: item.number,
                supportItemName: item.name,
                unit: item.unit,
                unitPriceCents: priceLimitCents,
                date: base.periodFrom,
              });
              setValues((current) => ({ ...current, lines: [...current.lines, line] }));
            } else {
              updateLine(itemDialog.key, {
                supportItemNumber: item.number,
                supportItemName: item.name,
                unit: item.unit,
              });
            }
            setItemDialog(null);
          }}
        />
      ) : null}
    </div>
  );
}

/** The three steps, the current one marked for screen readers. */
export function WizardSteps({ current }: { current: 1 | 2 | 3 }) {
  const steps = ['Participant and period', 'Lines', 'Summary'];
  return (
    <ol className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Steps">
      {steps.map((label, index) => {
        const number = index + 1;
        return (
          <li
            key={label}
            aria-current={number === current ? 'step' : undefined}
            className={number === current ? 'font-medium text-foreground' : 'text-muted-foreground'}
          >
            {number}. {label}
          </li>
        );
      })}
    </ol>
  );
}
