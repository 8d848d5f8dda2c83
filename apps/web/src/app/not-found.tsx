import { Link } from '@tanstack/react-router';
import { CompassIcon } from 'lucide-react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/ui/button';
import { SkipLink } from './skip-link';

/** Any path the app does not know (spec shell section 2, route table). */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <>
      <SkipLink />
      <main
        id="main-content"
        tabIndex={-1}
        className="flex min-h-svh items-center justify-center bg-surface p-6 outline-none"
      >
        <div className="w-full max-w-md rounded-xl border bg-card p-8 text-center shadow-sm">
          <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <CompassIcon className="size-6" aria-hidden="true" />
          </div>
          <p className="font-medium text-muted-foreground text-sm">404</p>
          <h1 className="mt-1 font-semibold text-xl">Page not found</h1>
          <p className="mt-2 text-muted-foreground text-sm">
            There is no page at this address. It may have moved, or the link may be mistyped.
          </p>
          <div className="mt-6 flex justify-center">
            <Button asChild>
              <Link to="/">Go Home</Link>
            </Button>
          </div>
        </div>
      </main>
    </>
  );
}
