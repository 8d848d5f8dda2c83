import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { type Invoice, payerKindLabels } from '@wattle/domain/invoices/schemas';
import { ArrowLeftIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTenantClock } from '@/features/time/use-tenant-clock';
import { formatMoment } from '@/lib/org-dates';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { invoiceQueryOptions } from './api';
import { useInvoiceAccess } from './invoice-access';
import {
  InvoiceActionBar,
  InvoiceActionDialogs,
  InvoiceActionNotes,
  useInvoiceActions,
} from './invoice-actions';
import { balanceCents, formatCents, formatInvoiceDate, formatPeriod } from './invoice-format';
import { InvoiceLinesTable } from './invoice-lines-table';
import { InvoiceStatusBadge } from './invoice-status-badge';

/**
 * /invoices/{id} (issue 15 part 3): an invoice's header (number, status, payer, participant, period,
 * dates, totals), its lines with their claims and problems, payments and history, and the actions
 * its status allows.
 */
export function InvoiceDetailPage() {
  const { invoiceId = '' } = useParams({ strict: false });
  const access = useInvoiceAccess();
  const invoice = useQuery(invoiceQueryOptions(access.tenant.id, invoiceId));
  useDocumentTitle(invoice.data ? `Invoice ${invoice.data.invoiceNumber}` : 'Invoice');

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-8 sm:px-6">
      <Link
        to="/invoices"
        className="flex w-fit items-center gap-1 text-muted-foreground text-sm underline-offset-4 hover:underline"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        Invoices
      </Link>
      {invoice.isPending ? (
        <LoadingStatus>Loading the invoice...</LoadingStatus>
      ) : invoice.isError ? (
        <LoadError
          title="Could not load the invoice"
          error={invoice.error}
          onRetry={() => void invoice.refetch()}
        />
      ) : (
        <InvoiceDetail invoice={invoice.data} />
      )}
    </div>
  );
}

function InvoiceDetail({ invoice }: { invoice: Invoice }) {
  const access = useInvoiceAccess();
  const tenantId = access.tenant.id;
  const actions = useInvoiceActions(tenantId, invoice, access);
  const clock = useTenantClock(tenantId);
  const showClaims = invoice.payer.kind === 'ndia';

  return (
    <>
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="font-semibold text-2xl tracking-tight">{invoice.invoiceNumber}</h1>
          <InvoiceStatusBadge status={invoice.status} />
        </div>
        <InvoiceActionBar tenantId={tenantId} invoice={invoice} actions={actions} />
        <InvoiceActionNotes tenantId={tenantId} invoice={invoice} actions={actions} />
        {invoice.status === 'draft' && invoice.rejectionReason ? (
          <p
            className="rounded-md bg-amber-50 px-3 py-2 text-amber-900 text-sm"
            data-testid="rejection-reason"
          >
            Sent back: {invoice.rejectionReason}
          </p>
        ) : null}
        {invoice.status === 'void' && invoice.voidReason ? (
          <p className="rounded-md bg-muted px-3 py-2 text-sm" data-testid="void-reason">
            Voided: {invoice.voidReason}
          </p>
        ) : null}
      </header>

      <div className="grid gap-4 md:grid-cols-[1fr_auto]">
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-xl border bg-card p-4 text-sm sm:grid-cols-2">
          <Fact label="Participant">
            {access.canReadParticipants ? (
              <Link
                to="/participants/$participantId"
                params={{ participantId: invoice.participantId }}
                preload={false}
                className="underline underline-offset-4"
              >
                {invoice.participantName}
              </Link>
            ) : (
              invoice.participantName
            )}
            {invoice.ndisNumber ? (
              <span className="text-muted-foreground"> · NDIS {invoice.ndisNumber}</span>
            ) : null}
          </Fact>
          <Fact label="Payer">
            {payerKindLabels[invoice.payer.kind]}
            {invoice.payer.name ? (
              <span className="block text-muted-foreground">{invoice.payer.name}</span>
            ) : null}
          </Fact>
          <Fact label="Period">{formatPeriod(invoice.periodFrom, invoice.periodTo)}</Fact>
          <Fact label="Issued">{formatInvoiceDate(invoice.issueDate) || 'Not yet issued'}</Fact>
          <Fact label="Due">
            {invoice.dueDate ? (
              <span className={invoice.status === 'overdue' ? 'font-medium text-destructive' : undefined}>
                {formatInvoiceDate(invoice.dueDate)}
              </span>
            ) : (
              `${invoice.paymentTerms} days after it is issued`
            )}
          </Fact>
          {invoice.notes ? <Fact label="Notes">{invoice.notes}</Fact> : null}
        </dl>
        <dl
          className="grid min-w-56 grid-cols-[auto_auto] gap-x-6 gap-y-1 rounded-xl border bg-card p-4 text-sm"
          data-testid="invoice-totals"
        >
          <Total label="Subtotal" cents={invoice.subtotalCents} />
          <Total label="GST" cents={invoice.gstCents} />
          <Total label="Total" cents={invoice.totalCents} strong />
          <Total label="Paid" cents={invoice.paidCents} />
          <Total label="Balance" cents={balanceCents(invoice)} strong />
        </dl>
      </div>

      <section aria-labelledby="invoice-lines" className="flex flex-col gap-2">
        <h2 id="invoice-lines" className="font-medium text-lg">
          Lines
        </h2>
        <InvoiceLinesTable
          lines={invoice.lineItems}
          showClaims={showClaims}
          onCorrect={actions.can.correct ? (line) => actions.open({ kind: 'correct', line }) : null}
        />
      </section>

      <div className="grid gap-4 md:grid-cols-2">
        <section aria-labelledby="invoice-payments" className="flex flex-col gap-2">
          <h2 id="invoice-payments" className="font-medium text-lg">
            Payments
          </h2>
          {invoice.payments.length === 0 ? (
            <p className="text-muted-foreground text-sm">No payments recorded.</p>
          ) : (
            <ul
              className="flex flex-col divide-y rounded-xl border bg-card text-sm"
              data-testid="invoice-payments"
            >
              {invoice.payments.map((payment) => (
                <li
                  key={payment.id}
                  className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-2"
                >
                  <span>
                    {formatInvoiceDate(payment.date)} · {payment.reference}
                    <span className="text-muted-foreground">
                      {' '}
                      ·{' '}
                      {payment.source === 'ndia'
                        ? 'NDIA claim'
                        : `recorded${payment.recordedBy ? ` by ${payment.recordedBy.name}` : ''}`}
                    </span>
                  </span>
                  <span className="font-medium tabular-nums">{formatCents(payment.amountCents)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="invoice-history" className="flex flex-col gap-2">
          <h2 id="invoice-history" className="font-medium text-lg">
            History
          </h2>
          <ol className="flex flex-col gap-1 text-sm" data-testid="invoice-history">
            {historyOf(invoice).map((event) => (
              <li key={event.what}>
                <span className="font-medium">{event.what}</span>
                <span className="text-muted-foreground">
                  {' '}
                  {formatMoment(event.at, clock.timeZone)}
                  {event.by ? ` by ${event.by}` : ''}
                </span>
              </li>
            ))}
          </ol>
        </section>
      </div>

      {clock.isReady ? (
        <InvoiceActionDialogs
          tenantId={tenantId}
          invoice={invoice}
          today={clock.now().date}
          actions={actions}
        />
      ) : null}
    </>
  );
}

/** The invoice's steps as its record keeps them, in order. */
function historyOf(invoice: Invoice): { what: string; at: string; by: string | null }[] {
  const events: { what: string; at: string | null; by: string | null }[] = [
    { what: 'Created', at: invoice.createdAt, by: invoice.createdBy?.name ?? null },
    { what: 'Submitted', at: invoice.submittedAt, by: invoice.submittedBy?.name ?? null },
    { what: 'Approved', at: invoice.approvedAt, by: invoice.approvedBy?.name ?? null },
    { what: 'Sent', at: invoice.sentAt, by: null },
    { what: 'Paid', at: invoice.paidAt, by: null },
  ];
  return events.filter(
    (event): event is { what: string; at: string; by: string | null } => event.at !== null,
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

function Total({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <>
      <dt className={strong ? 'font-medium' : 'text-muted-foreground'}>{label}</dt>
      <dd
        className={strong ? 'text-right font-medium tabular-nums' : 'text-right tabular-nums'}
        data-testid={`total-${label.toLowerCase()}`}
      >
        {formatCents(cents)}
      </dd>
    </>
  );
}
