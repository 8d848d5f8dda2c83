import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Invoice } from '@wattle/domain/invoices/schemas';
import { invoiceAllows } from '@wattle/domain/invoices/workflow';
import { meQueryOptions } from '@/features/auth/api';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { invoiceKeys, invoiceQueryOptions } from '../api';
import { useInvoiceAccess } from '../invoice-access';
import { InvoiceStatusBadge } from '../invoice-status-badge';
import { WizardEditor, WizardSteps } from './wizard-editor';
import { WizardStartStep } from './wizard-start-step';

/**
 * The invoice wizard (issue 15 part 2), on /invoices/new and in Quick Add's taxInvoice modal: step 1
 * builds a draft from a participant's approved time of a period, steps 2 and 3 review its lines and
 * submit it for approval. With `invoiceId` it opens that draft at step 2.
 */
export function InvoiceWizard({
  tenantId,
  invoiceId,
  onBuilt,
  onSubmitted,
}: {
  tenantId: string;
  invoiceId: string | null;
  /** The draft was built: the page puts its id in the address, the modal keeps it. */
  onBuilt: (invoice: Invoice) => void;
  onSubmitted: (invoice: Invoice) => void;
}) {
  const access = useInvoiceAccess();
  const queryClient = useQueryClient();

  if (!access.canManage) {
    return (
      <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground text-sm">
        Invoices are made by the organisation's owners and admins.
      </p>
    );
  }
  if (!invoiceId) {
    return (
      <div className="flex flex-col gap-4">
        <WizardSteps current={1} />
        <WizardStartStep
          tenantId={tenantId}
          onBuilt={(invoice) => {
            queryClient.setQueryData(invoiceKeys.detail(tenantId, invoice.id), invoice);
            void queryClient.invalidateQueries({ queryKey: invoiceKeys.lists(tenantId) });
            onBuilt(invoice);
          }}
        />
      </div>
    );
  }
  return <DraftLoader tenantId={tenantId} invoiceId={invoiceId} onSubmitted={onSubmitted} />;
}

function DraftLoader({
  tenantId,
  invoiceId,
  onSubmitted,
}: {
  tenantId: string;
  invoiceId: string;
  onSubmitted: (invoice: Invoice) => void;
}) {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const invoice = useQuery(invoiceQueryOptions(tenantId, invoiceId));

  if (invoice.isPending) return <LoadingStatus>Loading the invoice...</LoadingStatus>;
  if (invoice.isError) {
    return (
      <LoadError
        title="Could not load the invoice"
        error={invoice.error}
        onRetry={() => void invoice.refetch()}
      />
    );
  }
  if (!invoiceAllows(invoice.data.status, 'edit')) {
    return (
      <div
        className="flex flex-col items-start gap-2 rounded-lg border border-dashed p-6 text-sm"
        data-testid="wizard-not-draft"
      >
        <p className="flex items-center gap-2">
          {invoice.data.invoiceNumber} is <InvoiceStatusBadge status={invoice.data.status} />: only drafts can
          be changed.
        </p>
        <Link to="/invoices/$invoiceId" params={{ invoiceId }} className="underline underline-offset-4">
          Open the invoice
        </Link>
      </div>
    );
  }
  return (
    <WizardEditor
      key={invoiceId}
      tenantId={tenantId}
      userId={me.id}
      invoice={invoice.data}
      onSubmitted={onSubmitted}
    />
  );
}
