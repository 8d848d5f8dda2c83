import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/ui/dialog';
import { LazyPartBoundary, LazyPartLoading, lazyPart } from '@/ui/lazy-part';
import type { SearchResult } from './api';

const SearchPanel = lazyPart(() => import('./search-panel'), 'SearchPanel');
/** Fetches and runs the panel's code, so the dialog's first opening draws it at once. */
export const preloadSearchPanel = () => SearchPanel.preload();

/**
 * While the contents load on the first opening, the dialog itself holds focus (Radix would put it
 * on the Close button); the search field takes it when it arrives.
 */
function focusDialog(event: Event) {
  event.preventDefault();
  if (event.currentTarget instanceof HTMLElement) event.currentTarget.focus();
}

/**
 * The global search dialog itself, loaded with its dialog code when search is first opened
 * (global-search-dialog.tsx, in the shell, holds only the opener and the open state).
 */
export function GlobalSearchFrame({
  open,
  onOpenChange,
  onCloseAutoFocus,
  onOpenResult,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
  onOpenResult: (result: SearchResult) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="medium"
        className="gap-0 overflow-hidden p-0 sm:top-[20%] sm:translate-y-0"
        onOpenAutoFocus={focusDialog}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogTitle className="sr-only">Search work items</DialogTitle>
        <DialogDescription className="sr-only">
          Type to search the work items of this organisation. Use the arrow keys to choose a result and Enter
          to open it.
        </DialogDescription>
        <LazyPartBoundary
          fallback={
            <LazyPartLoading className="flex min-h-44 items-center justify-center text-muted-foreground text-sm" />
          }
        >
          <SearchPanel onOpenResult={onOpenResult} />
        </LazyPartBoundary>
      </DialogContent>
    </Dialog>
  );
}
