import { Link } from '@tanstack/react-router';
import { createColumnHelper, rowSortingFeature, tableFeatures } from '@tanstack/react-table';
import { type InvoiceSummary, payerKindLabels } from '@wattle/domain/invoices/schemas';
import { formatCents, formatInvoiceDate, formatPeriod } from './invoice-format';
import { InvoiceStatusBadge } from './invoice-status-badge';

/**
 * The invoice list's columns (issue 15 part 3): Number, Participant, Payer, Period, Total, Due and
 * Status. The server sorts (the list is paged), so each column's id is the API's sort key.
 */
export const invoiceTableFeatures = tableFeatures({ rowSortingFeature });

const column = createColumnHelper<typeof invoiceTableFeatures, InvoiceSummary>();

/** Which columns a phone shows: the rest would push the page sideways. */
export const mobileInvoiceColumnIds = new Set(['number', 'total', 'status']);

export const invoiceColumns = column.columns([
  column.accessor('invoiceNumber', {
    id: 'number',
    header: 'Number',
    cell: (info) => (
      <Link
        to="/invoices/$invoiceId"
        params={{ invoiceId: info.row.original.id }}
        className="whitespace-nowrap font-medium underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        data-testid="invoice-link"
      >
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor('participantName', {
    id: 'participant',
    header: 'Participant',
    cell: (info) => <span className="truncate">{info.getValue()}</span>,
  }),
  column.accessor((row) => row.payer.kind, {
    id: 'payer',
    header: 'Payer',
    cell: (info) => (
      <span className="truncate" title={info.row.original.payer.name}>
        {payerKindLabels[info.getValue()]}
      </span>
    ),
  }),
  column.accessor('periodFrom', {
    id: 'period',
    header: 'Period',
    cell: (info) => (
      <span className="whitespace-nowrap">
        {formatPeriod(info.row.original.periodFrom, info.row.original.periodTo)}
      </span>
    ),
  }),
  column.accessor('totalCents', {
    id: 'total',
    header: 'Total',
    cell: (info) => <span className="tabular-nums">{formatCents(info.getValue())}</span>,
  }),
  column.accessor('dueDate', {
    id: 'dueDate',
    header: 'Due',
    cell: (info) => {
      const value = info.getValue();
      if (!value) return <span className="text-muted-foreground">—</span>;
      return (
        <span className={info.row.original.isOverdue ? 'font-medium text-destructive' : undefined}>
          {formatInvoiceDate(value)}
          {info.row.original.isOverdue ? <span className="sr-only"> (overdue)</span> : null}
        </span>
      );
    },
  }),
  column.accessor('status', {
    id: 'status',
    header: 'Status',
    cell: (info) => <InvoiceStatusBadge status={info.getValue()} />,
  }),
]);
