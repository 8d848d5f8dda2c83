import { FileTextIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LoadingStatus } from '@/ui/query-status';
import { guideChapters } from './content';
import { DocView } from './doc-view';

// The reference is big (every operation of the API): its viewer and the document load only here.
const ApiReference = lazy(() => import('./api-reference').then((m) => ({ default: m.ApiReference })));

/** /documentation: guides for administrators and API users (docs/guides), and the API reference. */
export function DocumentationPage() {
  useDocumentTitle('Documentation');
  return (
    <DocView
      title="Documentation"
      icon={FileTextIcon}
      description="Guides for administrators and for connecting other tools to Wattle, and the reference of its API."
      chapters={guideChapters}
      searchLabel="Search the guides"
    >
      <Suspense fallback={<LoadingStatus>Loading the API reference...</LoadingStatus>}>
        <ApiReference />
      </Suspense>
    </DocView>
  );
}
