import { FileCogIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

/** Templates & Rules: built in a later release; until then its labelled empty state. */
export function TemplatesRulesPage() {
  return (
    <PlaceholderPage
      title="Templates & Rules"
      icon={FileCogIcon}
      description="The compliance templates and validation rules that every tenant's forms are built from."
    />
  );
}
