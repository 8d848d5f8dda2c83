import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { InvoiceWizard } from '@/features/invoices/wizard/invoice-wizard';
import { useCurrentTenantId } from '@/lib/current-tenant';

/**
 * The taxInvoice modal's body (Quick Add → New Invoice; spec shell section 2: a large editor loaded
 * only when the modal opens): the invoice wizard, holding the draft it built while the modal is open.
 * Submitted, the modal closes on the invoice's page.
 */
export function TaxInvoiceEditor({ onClose }: { onClose: () => void }) {
  const tenantId = useCurrentTenantId();
  const navigate = useNavigate();
  const [invoiceId, setInvoiceId] = useState<string | null>(null);
  if (!tenantId) return null;
  return (
    <InvoiceWizard
      tenantId={tenantId}
      invoiceId={invoiceId}
      onBuilt={(invoice) => setInvoiceId(invoice.id)}
      onSubmitted={(invoice) => {
        onClose();
        void navigate({ to: '/invoices/$invoiceId', params: { invoiceId: invoice.id } });
      }}
    />
  );
}
