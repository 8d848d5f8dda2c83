import { ClockIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

/** Timesheet: built in a later release; until then its labelled empty state. */
export function TimesheetPage() {
  return (
    <PlaceholderPage
      title="Timesheet"
      icon={ClockIcon}
      description="Your time entries for the week, with totals by day, ready to submit for approval."
    />
  );
}
