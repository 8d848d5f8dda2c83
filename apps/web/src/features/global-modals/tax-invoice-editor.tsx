import { ReceiptTextIcon } from 'lucide-react';
import { ComingLater } from './coming-later';

/**
 * The tax invoice editor, loaded only when the taxInvoice modal opens (spec shell section 2: a
 * large, lazily loaded editor). The invoices issue builds the editor here.
 */
export function TaxInvoiceEditor() {
  return (
    <ComingLater icon={ReceiptTextIcon} heading="Tax invoices arrive in a later release">
      This editor will build a tax invoice from approved, uninvoiced time entries of a participant, with the
      tenant's rates and NDIS line items, and send it for approval.
    </ComingLater>
  );
}
