import { SirenIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

/** Incidents: built in a later release; until then its labelled empty state. */
export function IncidentsPage() {
  return (
    <PlaceholderPage
      title="Incidents"
      icon={SirenIcon}
      description="Incident reports across your teams, with their severity, notifications and follow-up."
    />
  );
}
