import { LayoutDashboardIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

/** Dashboard: built in a later release; until then its labelled empty state. */
export function DashboardPage() {
  return (
    <PlaceholderPage
      title="Dashboard"
      icon={LayoutDashboardIcon}
      description="Figures across your teams: open and overdue work items, compliance, hours logged and invoices awaiting approval."
    />
  );
}
