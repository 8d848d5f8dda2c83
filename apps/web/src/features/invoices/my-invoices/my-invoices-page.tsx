import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type InvoiceSummary, payerKindLabels } from '@wattle/domain/invoices/schemas';
import { CornerUpLeftIcon, ReceiptIcon, TriangleAlertIcon, WrenchIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useCurrentTenantId } from '@/lib/current-tenant';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { invoiceQueryOptions, invoicesQueryOptions } from '../api';
import { useInvoiceAccess } from '../invoice-access';
import { formatCents, formatInvoiceDate, formatPeriod } from '../invoice-format';
import { InvoiceStatusBadge } from '../invoice-status-badge';
import { groupMyInvoices, mayHaveClaimResults, rejectedClaimLines } from './my-invoices-groups';

const mineFilters = { scope: 'mine', sort: 'updated', order: 'desc', limit: 100 } as const;
/** Issued invoices read in full for their claim results: the most recent few, so the page stays quick. */
const claimCheckLimit = 20;

/**
 * /my/invoices (issue 15 part 4): the invoices the signed-in person created or submitted, newest
 * change first. Drafts an approver sent back come first with the reason and "Fix and resubmit";
 * overdue invoices and lines the NDIA rejected are marked, so nothing sent back is missed.
 */
export function MyInvoicesPage() {
  useDocumentTitle('My Invoices');
  const tenantId = useCurrentTenantId();
  const access = useInvoiceAccess();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-6 sm:px-6">
      <h1 className="font-semibold text-2xl tracking-tight">My Invoices</h1>
      {!access.canRead ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground text-sm">
          You do not work with invoices in this organisation.
        </p>
      ) : tenantId ? (
        <MyInvoices tenantId={tenantId} />
      ) : (
        <LoadingStatus>Loading...</LoadingStatus>
      )}
    </div>
  );
}

function MyInvoices({ tenantId }: { tenantId: string }) {
  const list = useQuery(invoicesQueryOptions(tenantId, mineFilters));
  const issued = (list.data?.data ?? []).filter(mayHaveClaimResults).slice(0, claimCheckLimit);
  const details = useQueries({ queries: issued.map((invoice) => invoiceQueryOptions(tenantId, invoice.id)) });

  if (list.isPending) return <LoadingStatus>Loading your invoices...</LoadingStatus>;
  if (list.isError) {
    return (
      <LoadError
        title="Could not load your invoices"
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  }
  const invoices = list.data.data;
  if (invoices.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-12 text-center">
        <ReceiptIcon className="mb-3 size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">You have not created or submitted any invoices</p>
        <p className="mt-1 text-muted-foreground text-sm">
          Invoices you build or submit appear here with their status.
        </p>
      </div>
    );
  }

  const { sentBack, others } = groupMyInvoices(invoices);
  const rejectedLines = new Map(
    details.flatMap((detail) =>
      detail.data ? [[detail.data.id, rejectedClaimLines(detail.data.lineItems)] as const] : [],
    ),
  );

  return (
    <div className="flex flex-col gap-6">
      {sentBack.length > 0 ? (
        <section
          aria-labelledby="sent-back-heading"
          className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50/60 p-4"
          data-testid="sent-back"
        >
          <h2 id="sent-back-heading" className="flex items-center gap-2 font-semibold text-amber-950">
            <CornerUpLeftIcon className="size-5" aria-hidden="true" />
            Sent back to you ({sentBack.length})
          </h2>
          <ul className="flex flex-col gap-3">
            {sentBack.map((invoice) => (
              <li
                key={invoice.id}
                className="flex flex-col gap-2 rounded-lg border bg-card p-3"
                data-testid="sent-back-invoice"
              >
                <InvoiceHeadline invoice={invoice} />
                <p className="text-sm">
                  <span className="font-medium">Reason: </span>
                  {invoice.rejectionReason}
                </p>
                <Link
                  to="/invoices/new"
                  search={{ invoiceId: invoice.id }}
                  className="inline-flex items-center gap-1 self-start font-medium text-sm underline underline-offset-4"
                >
                  <WrenchIcon className="size-4" aria-hidden="true" />
                  Fix and resubmit {invoice.invoiceNumber}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="my-invoices-heading" className="flex flex-col gap-3">
        <h2 id="my-invoices-heading" className="font-medium text-base">
          {sentBack.length > 0 ? 'Your other invoices' : 'Your invoices'}
          {list.data.meta.total > invoices.length ? (
            <span className="ml-2 font-normal text-muted-foreground text-sm">
              the latest {invoices.length} of {list.data.meta.total}
            </span>
          ) : null}
        </h2>
        {others.length === 0 ? (
          <p className="text-muted-foreground text-sm">None besides those sent back.</p>
        ) : (
          <ul className="flex flex-col gap-2" aria-label="Your invoices">
            {others.map((invoice) => {
              const rejected = rejectedLines.get(invoice.id) ?? [];
              return (
                <li
                  key={invoice.id}
                  className={cn(
                    'flex flex-col gap-2 rounded-lg border bg-card p-3',
                    (invoice.isOverdue || rejected.length > 0) && 'border-destructive/50',
                  )}
                  data-testid="my-invoice"
                >
                  <InvoiceHeadline invoice={invoice} />
                  {invoice.isOverdue ? (
                    <p className="flex items-center gap-1.5 text-destructive text-sm">
                      <TriangleAlertIcon className="size-4" aria-hidden="true" />
                      Overdue: it was due on {formatInvoiceDate(invoice.dueDate)}.
                    </p>
                  ) : null}
                  {rejected.length > 0 ? (
                    <div className="text-destructive text-sm" data-testid="rejected-claim-lines">
                      <p className="font-medium">
                        {rejected.length === 1 ? 'A line was' : `${rejected.length} lines were`} rejected by
                        the NDIA:
                      </p>
                      <ul className="list-disc pl-5">
                        {rejected.map((line) => (
                          <li key={line.id}>
                            Line {line.lineNumber} ({line.supportItemNumber}):{' '}
                            {line.claimError ?? 'no reason given'}
                          </li>
                        ))}
                      </ul>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}

function InvoiceHeadline({ invoice }: { invoice: InvoiceSummary }) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Link
          to="/invoices/$invoiceId"
          params={{ invoiceId: invoice.id }}
          className="font-medium underline-offset-4 hover:underline"
        >
          {invoice.invoiceNumber}
        </Link>
        <InvoiceStatusBadge status={invoice.status} />
        <span className="font-medium">{invoice.participantName}</span>
        <span className="ml-auto font-semibold tabular-nums">{formatCents(invoice.totalCents)}</span>
      </div>
      <p className="text-muted-foreground text-sm">
        {formatPeriod(invoice.periodFrom, invoice.periodTo)} · {payerKindLabels[invoice.payer.kind]}:{' '}
        {invoice.payer.name} · {invoice.lineCount} {invoice.lineCount === 1 ? 'line' : 'lines'}
      </p>
    </div>
  );
}
