import { BookOpenIcon } from 'lucide-react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { handbookChapters } from './content';
import { DocView } from './doc-view';

/** /handbook: how to run care teams in Wattle, kept as Markdown in docs/handbook. */
export function HandbookPage() {
  useDocumentTitle('Handbook');
  return (
    <DocView
      title="Handbook"
      icon={BookOpenIcon}
      description="How to run a care team in Wattle: roles, the compliance templates and their Commission deadlines, time and invoicing, and notifications."
      chapters={handbookChapters}
      searchLabel="Search the handbook"
    />
  );
}
