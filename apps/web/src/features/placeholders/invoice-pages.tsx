import { FilePlusIcon, ReceiptIcon, ReceiptTextIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

/** /invoices, /invoices/new and /invoices/{id}: built in a later release. */

export function InvoicesPage() {
  return (
    <PlaceholderPage
      title="Invoices"
      icon={ReceiptIcon}
      description="This organisation's invoices on a board by status, from draft to paid."
    />
  );
}

export function NewInvoicePage() {
  return (
    <PlaceholderPage
      title="New Invoice"
      icon={FilePlusIcon}
      description="A wizard that builds an invoice from approved time entries not yet invoiced."
    />
  );
}

export function InvoiceDetailPage() {
  return (
    <PlaceholderPage
      title="Invoice"
      icon={ReceiptTextIcon}
      description="This invoice's lines, totals, status and history."
    />
  );
}
