import { SlidersHorizontalIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

/** Teams Configuration: built in a later release; until then its labelled empty state. */
export function TeamsConfigPage() {
  return (
    <PlaceholderPage
      title="Teams Configuration"
      icon={SlidersHorizontalIcon}
      description="Workflow states, templates and compliance settings of each team."
    />
  );
}
