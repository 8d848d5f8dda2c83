import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useCurrentTenantId } from '@/lib/current-tenant';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LoadingStatus } from '@/ui/query-status';
import { InvoiceWizard } from './invoice-wizard';

const route = getRouteApi('/signed-in/tenant/invoices/new');

/**
 * /invoices/new (issue 15 part 2): the invoice wizard as a page. Once built, the draft's id goes in
 * the address (`?invoiceId=`), so a reload or the back button returns to its lines; submitted, the
 * invoice's page opens.
 */
export function NewInvoicePage() {
  const { invoiceId } = route.useSearch();
  // Once built it is a draft being edited, here or when opened again from the invoice's Edit.
  const title = invoiceId ? 'Edit Draft Invoice' : 'New Invoice';
  useDocumentTitle(title);
  const navigate = useNavigate();
  const tenantId = useCurrentTenantId();

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-6 sm:px-6">
      <h1 className="font-semibold text-2xl tracking-tight">{title}</h1>
      {tenantId ? (
        <InvoiceWizard
          tenantId={tenantId}
          invoiceId={invoiceId ?? null}
          onBuilt={(invoice) => void navigate({ to: '/invoices/new', search: { invoiceId: invoice.id } })}
          onSubmitted={(invoice) =>
            void navigate({ to: '/invoices/$invoiceId', params: { invoiceId: invoice.id } })
          }
        />
      ) : (
        <LoadingStatus>Loading...</LoadingStatus>
      )}
    </div>
  );
}
