import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  type InvoiceStatus,
  type InvoiceSummary,
  invoiceStatusLabels,
  payerKindLabels,
} from '@wattle/domain/invoices/schemas';
import { cn } from '@/lib/cn';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { invoicesQueryOptions, invoiceTotalsQueryOptions } from './api';
import { formatCents, formatInvoiceDate, formatPeriod } from './invoice-format';
import { type InvoiceListSearch, invoiceFiltersOf } from './invoice-list-search';

/** The board's columns, left to right; void only when a status filter asks for it. */
const boardStatuses: InvoiceStatus[] = [
  'draft',
  'pending-approval',
  'approved',
  'sent',
  'part-paid',
  'paid',
  'overdue',
];

/** Cards fetched for the board; the column heads' counts and totals cover every invoice. */
const boardLimit = 200;

/**
 * The Invoices board (issue 15 part 3): a column per status with its count and total in the head
 * (from /api/invoices/totals, over the same filters), and a card per invoice linking to it.
 */
export function InvoiceBoard({ tenantId, search }: { tenantId: string; search: InvoiceListSearch }) {
  const filters = invoiceFiltersOf(search);
  const list = useQuery(
    invoicesQueryOptions(tenantId, { ...filters, sort: 'number', order: 'desc', limit: boardLimit }),
  );
  const totals = useQuery(invoiceTotalsQueryOptions(tenantId, filters));

  const columns = search.status?.length
    ? [...boardStatuses, 'void' as const].filter((status) => search.status?.includes(status))
    : boardStatuses;

  if (list.isPending || totals.isPending) return <LoadingStatus>Loading invoices...</LoadingStatus>;
  if (list.isError)
    return (
      <LoadError title="Could not load the invoices" error={list.error} onRetry={() => void list.refetch()} />
    );
  if (totals.isError)
    return (
      <LoadError
        title="Could not load the totals"
        error={totals.error}
        onRetry={() => void totals.refetch()}
      />
    );

  const byStatus = new Map<InvoiceStatus, InvoiceSummary[]>();
  for (const invoice of list.data.data) {
    byStatus.set(invoice.status, [...(byStatus.get(invoice.status) ?? []), invoice]);
  }
  const shown = list.data.data.length;
  const total = list.data.meta.total;

  return (
    <div className="flex min-w-0 flex-col gap-2">
      {total > shown ? (
        <p className="text-muted-foreground text-sm" role="status">
          The board shows the newest {shown} of {total.toLocaleString('en-AU')} invoices; the column heads
          count them all. Filter, or use the list, to see the rest.
        </p>
      ) : null}
      <div className="flex min-w-0 snap-x gap-3 overflow-x-auto pb-2" data-testid="invoice-board">
        {columns.map((status) => {
          const head = totals.data.find((row) => row.status === status) ?? { count: 0, totalCents: 0 };
          const cards = byStatus.get(status) ?? [];
          return (
            <section
              key={status}
              aria-labelledby={`invoice-column-${status}`}
              className="flex w-72 shrink-0 snap-start flex-col gap-2 rounded-xl border bg-muted/40 p-2"
              data-testid="invoice-column"
              data-status={status}
            >
              <header className="flex items-baseline justify-between gap-2 px-1">
                <h2 id={`invoice-column-${status}`} className="font-medium text-sm">
                  {invoiceStatusLabels[status]}
                </h2>
                <p className="text-muted-foreground text-xs tabular-nums" data-testid="invoice-column-total">
                  <span data-testid="invoice-column-count">{head.count}</span> ·{' '}
                  {formatCents(head.totalCents)}
                </p>
              </header>
              <ul className="flex flex-col gap-2">
                {cards.length === 0 ? (
                  <li className="px-1 py-2 text-muted-foreground text-xs">No invoices</li>
                ) : (
                  cards.map((invoice) => (
                    <li key={invoice.id}>
                      <InvoiceCard invoice={invoice} />
                    </li>
                  ))
                )}
              </ul>
            </section>
          );
        })}
      </div>
    </div>
  );
}

function InvoiceCard({ invoice }: { invoice: InvoiceSummary }) {
  return (
    <Link
      to="/invoices/$invoiceId"
      params={{ invoiceId: invoice.id }}
      className="flex flex-col gap-1 rounded-lg border bg-card p-3 text-sm shadow-xs hover:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      data-testid="invoice-card"
    >
      <span className="flex items-baseline justify-between gap-2">
        <span className="font-medium">{invoice.invoiceNumber}</span>
        <span className="font-medium tabular-nums">{formatCents(invoice.totalCents)}</span>
      </span>
      <span className="truncate">{invoice.participantName}</span>
      <span className="truncate text-muted-foreground text-xs">{payerKindLabels[invoice.payer.kind]}</span>
      <span className="text-muted-foreground text-xs">
        {formatPeriod(invoice.periodFrom, invoice.periodTo)}
      </span>
      {invoice.dueDate ? (
        <span
          className={cn(
            'text-xs',
            invoice.isOverdue ? 'font-medium text-destructive' : 'text-muted-foreground',
          )}
        >
          {invoice.isOverdue ? 'Overdue, was due ' : 'Due '}
          {formatInvoiceDate(invoice.dueDate)}
        </span>
      ) : null}
    </Link>
  );
}
