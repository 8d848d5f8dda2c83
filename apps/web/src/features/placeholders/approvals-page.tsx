import { ClipboardCheckIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

/** Approvals: built in a later release; until then its labelled empty state. */
export function ApprovalsPage() {
  return (
    <PlaceholderPage
      title="Approvals"
      icon={ClipboardCheckIcon}
      description="Invoices waiting for your approval, to approve or reject."
    />
  );
}
