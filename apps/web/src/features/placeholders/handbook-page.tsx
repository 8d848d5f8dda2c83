import { BookOpenIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

/** Handbook: built in a later release; until then its labelled empty state. */
export function HandbookPage() {
  return (
    <PlaceholderPage
      title="Handbook"
      icon={BookOpenIcon}
      description="Guidance for your work: the organisation's policies, procedures and how-to articles."
    />
  );
}
