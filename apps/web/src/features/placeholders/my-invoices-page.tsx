import { ReceiptIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

/** My Invoices: built in a later release; until then its labelled empty state. */
export function MyInvoicesPage() {
  return (
    <PlaceholderPage
      title="My Invoices"
      icon={ReceiptIcon}
      description="Invoices for the supports you delivered, with their status."
    />
  );
}
