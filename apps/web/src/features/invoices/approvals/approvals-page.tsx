import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type InvoiceSummary, payerKindLabels } from '@wattle/domain/invoices/schemas';
import { CheckIcon, ClipboardCheckIcon, XIcon } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useCurrentTenantId } from '@/lib/current-tenant';
import { isApiError } from '@/lib/http';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { toast } from '@/ui/toast';
import { approveInvoice, invoiceKeys, invoicesQueryOptions, rejectInvoice } from '../api';
import { useInvoiceAccess } from '../invoice-access';
import { formatCents, formatInstant, formatPeriod } from '../invoice-format';
import { ReasonDialog } from '../reason-dialog';
import { countText, type DecisionOutcome, decideEach, keepListed } from './approval-decisions';

/** Waiting for the caller's approval, as many as one page holds (the server's largest page). */
const awaitingFilters = { scope: 'awaiting-me', sort: 'number', order: 'asc', limit: 200 } as const;

type Rejecting = { invoices: InvoiceSummary[] } | null;

/**
 * /approvals/invoices (issue 15 part 4): the invoices waiting for the caller's approval (admins any;
 * team leads their teams' up to the organisation's limit; never their own submission), approved or
 * rejected with a reason one by one or several at once. The list follows live changes, so an
 * invoice another approver decided leaves it and the count with it.
 */
export function ApprovalsPage() {
  useDocumentTitle('Invoice Approvals');
  const tenantId = useCurrentTenantId();
  const access = useInvoiceAccess();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-6 sm:px-6">
      <h1 className="font-semibold text-2xl tracking-tight">Approvals</h1>
      {!access.canApprove ? (
        <NotAnApprover>
          You do not approve invoices in this organisation. Admins, and team leads for their teams, do.
        </NotAnApprover>
      ) : tenantId ? (
        <AwaitingApproval tenantId={tenantId} />
      ) : (
        <LoadingStatus>Loading...</LoadingStatus>
      )}
    </div>
  );
}

function NotAnApprover({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground text-sm">
      {children}
    </p>
  );
}

function AwaitingApproval({ tenantId }: { tenantId: string }) {
  const queryClient = useQueryClient();
  const list = useQuery(invoicesQueryOptions(tenantId, awaitingFilters));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busyIds, setBusyIds] = useState<Set<string>>(new Set());
  const [rejecting, setRejecting] = useState<Rejecting>(null);
  const [rejectError, setRejectError] = useState<string | null>(null);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  if (list.isPending) return <LoadingStatus>Loading the invoices waiting for you...</LoadingStatus>;
  // A team lead approves nothing until an owner or admin sets the team leads' limit: the server
  // refuses them the list, which is an answer here, not a failure to retry.
  if (list.isError && isApiError(list.error, 'FORBIDDEN')) {
    return (
      <NotAnApprover>
        You do not approve invoices in this organisation yet. Team leads approve their teams' invoices once an
        owner or admin sets the team leads' approval limit in Tax Invoice Settings.
      </NotAnApprover>
    );
  }
  if (list.isError) {
    return (
      <LoadError
        title="Could not load the approvals"
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  }

  const invoices = list.data.data;
  const total = list.data.meta.total;
  const chosen = keepListed(
    selected,
    invoices.map((invoice) => invoice.id),
  );
  const chosenInvoices = invoices.filter((invoice) => chosen.has(invoice.id));
  const isBusy = busyIds.size > 0;

  const refresh = () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all(tenantId) });

  const run = async (items: InvoiceSummary[], decide: (invoice: InvoiceSummary) => Promise<unknown>) => {
    setBusyIds(new Set(items.map((invoice) => invoice.id)));
    try {
      return await decideEach(items, (invoice) => invoice.invoiceNumber, decide);
    } finally {
      setBusyIds(new Set());
      setSelected(new Set());
      await refresh();
      // Decided invoices leave the list, and their buttons with them: focus goes to the heading.
      requestAnimationFrame(() => headingRef.current?.focus());
    }
  };

  const report = (outcome: DecisionOutcome, verb: string) => {
    if (outcome.done.length > 0) toast.success(countText(outcome.done.length, verb));
    for (const failure of outcome.failed) {
      toast.error(`${failure.label} was not ${verb}`, { description: failure.message });
    }
  };

  const approve = async (items: InvoiceSummary[]) => {
    const outcome = await run(items, (invoice) => approveInvoice(tenantId, invoice.id, invoice.version));
    report(outcome, 'approved');
  };

  const reject = async (reason: string) => {
    if (!rejecting) return;
    setRejectError(null);
    const outcome = await run(rejecting.invoices, (invoice) =>
      rejectInvoice(tenantId, invoice.id, { reason, version: invoice.version }),
    );
    report(outcome, 'rejected');
    if (outcome.failed.length > 0 && outcome.done.length === 0) {
      setRejectError(outcome.failed.map((failure) => `${failure.label}: ${failure.message}`).join(' '));
      return;
    }
    setRejecting(null);
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="font-medium text-base outline-none"
        data-testid="approvals-count"
      >
        {total === 0
          ? 'Invoices waiting for your approval'
          : `${total} ${total === 1 ? 'invoice' : 'invoices'} waiting for your approval`}
      </h2>

      {invoices.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-12 text-center">
          <ClipboardCheckIcon className="mb-3 size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">Nothing is waiting for your approval</p>
          <p className="mt-1 text-muted-foreground text-sm">
            Invoices submitted for your approval appear here.
          </p>
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3 rounded-lg border bg-muted/40 px-3 py-2">
            <div className="flex items-center gap-2 text-sm">
              <Checkbox
                checked={chosen.size === 0 ? false : chosen.size === invoices.length ? true : 'indeterminate'}
                onCheckedChange={(checked) =>
                  setSelected(checked === true ? new Set(invoices.map((invoice) => invoice.id)) : new Set())
                }
                disabled={isBusy}
                aria-label="Select all"
              />
              <span aria-hidden="true">{chosen.size > 0 ? `${chosen.size} selected` : 'Select all'}</span>
            </div>
            <div className="ml-auto flex flex-wrap gap-2">
              <Button
                size="sm"
                onClick={() => void approve(chosenInvoices)}
                disabled={chosen.size === 0 || isBusy}
              >
                <CheckIcon aria-hidden="true" />
                Approve selected
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => {
                  setRejectError(null);
                  setRejecting({ invoices: chosenInvoices });
                }}
                disabled={chosen.size === 0 || isBusy}
              >
                <XIcon aria-hidden="true" />
                Reject selected
              </Button>
            </div>
          </div>

          <ul className="flex flex-col gap-3" aria-label="Invoices waiting for your approval">
            {invoices.map((invoice) => (
              <ApprovalRow
                key={invoice.id}
                invoice={invoice}
                isSelected={chosen.has(invoice.id)}
                isBusy={busyIds.has(invoice.id)}
                disabled={isBusy}
                onSelect={(isSelected) =>
                  setSelected((current) => {
                    const next = new Set(current);
                    if (isSelected) next.add(invoice.id);
                    else next.delete(invoice.id);
                    return next;
                  })
                }
                onApprove={() => void approve([invoice])}
                onReject={() => {
                  setRejectError(null);
                  setRejecting({ invoices: [invoice] });
                }}
              />
            ))}
          </ul>
          {total > invoices.length ? (
            <p className="text-muted-foreground text-sm">
              Showing the first {invoices.length} of {total}. Decide these to see the rest.
            </p>
          ) : null}
        </>
      )}

      {rejecting ? (
        <ReasonDialog
          title={
            rejecting.invoices.length === 1
              ? 'Reject Invoice'
              : `Reject ${rejecting.invoices.length} Invoices`
          }
          description={
            rejecting.invoices.length === 1
              ? `${rejecting.invoices[0]?.invoiceNumber} goes back to draft with your reason, for whoever submitted it to fix.`
              : `${rejecting.invoices.map((invoice) => invoice.invoiceNumber).join(', ')} go back to draft, each with this reason.`
          }
          confirmLabel="Reject"
          isBusy={isBusy}
          error={rejectError}
          onConfirm={(reason) => void reject(reason)}
          onClose={() => setRejecting(null)}
        />
      ) : null}
    </section>
  );
}

function ApprovalRow({
  invoice,
  isSelected,
  isBusy,
  disabled,
  onSelect,
  onApprove,
  onReject,
}: {
  invoice: InvoiceSummary;
  isSelected: boolean;
  isBusy: boolean;
  disabled: boolean;
  onSelect: (isSelected: boolean) => void;
  onApprove: () => void;
  onReject: () => void;
}) {
  const labelId = useId();
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border bg-card p-3 sm:flex-row sm:items-start sm:p-4"
      data-testid="approval-row"
      aria-labelledby={labelId}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Checkbox
          className="mt-1"
          checked={isSelected}
          onCheckedChange={(checked) => onSelect(checked === true)}
          disabled={disabled}
          aria-label={`Select ${invoice.invoiceNumber}`}
        />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-baseline gap-x-3">
            <Link
              id={labelId}
              to="/invoices/$invoiceId"
              params={{ invoiceId: invoice.id }}
              className="font-medium underline-offset-4 hover:underline"
            >
              {invoice.invoiceNumber}
            </Link>
            <span className="font-medium">{invoice.participantName}</span>
            <span className="ml-auto font-semibold tabular-nums">{formatCents(invoice.totalCents)}</span>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
            <dt className="text-muted-foreground">Payer</dt>
            <dd className="min-w-0 truncate">
              {payerKindLabels[invoice.payer.kind]}: {invoice.payer.name}
            </dd>
            <dt className="text-muted-foreground">Period</dt>
            <dd>{formatPeriod(invoice.periodFrom, invoice.periodTo)}</dd>
            <dt className="text-muted-foreground">Submitted by</dt>
            <dd className="min-w-0 truncate">
              {invoice.submittedBy?.name ?? 'Unknown'}
              {invoice.submittedAt ? (
                <span className="text-muted-foreground"> · {formatInstant(invoice.submittedAt)}</span>
              ) : null}
            </dd>
            <dt className="text-muted-foreground">Lines</dt>
            <dd>{invoice.lineCount}</dd>
          </dl>
        </div>
      </div>
      <div className="flex shrink-0 gap-2 sm:flex-col">
        <Button
          size="sm"
          onClick={onApprove}
          disabled={disabled}
          aria-label={`Approve ${invoice.invoiceNumber}`}
        >
          <CheckIcon aria-hidden="true" />
          {isBusy ? 'Working...' : 'Approve'}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={onReject}
          disabled={disabled}
          aria-label={`Reject ${invoice.invoiceNumber}`}
        >
          <XIcon aria-hidden="true" />
          Reject
        </Button>
      </div>
    </li>
  );
}
