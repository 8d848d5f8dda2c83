import { FileTextIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

/** Documentation: built in a later release; until then its labelled empty state. */
export function DocumentationPage() {
  return (
    <PlaceholderPage
      title="Documentation"
      icon={FileTextIcon}
      description="Guides to using Wattle, for staff and administrators, and the API reference."
    />
  );
}
