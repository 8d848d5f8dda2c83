import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { onGlobalSearch } from '@/lib/global-events';
import { Dialog, DialogContent, DialogDescription, DialogTitle, useDialogReturnFocus } from '@/ui/dialog';
import { LazyPartBoundary, LazyPartLoading, lazyPart } from '@/ui/lazy-part';
import type { SearchResult } from './api';

const loadSearchPanel = () => import('./search-panel');
const SearchPanel = lazyPart(loadSearchPanel, 'SearchPanel');

/** Starts loading the dialog's contents ahead of a likely opening (the pointer on the Search button). */
export function preloadGlobalSearch(): void {
  void loadSearchPanel().catch(() => {
    // Opening the dialog tries again and says so if it still fails.
  });
}

/**
 * While the contents load on the first opening, the dialog itself holds focus (Radix would put it
 * on the Close button); the search field takes it when it arrives.
 */
function focusDialog(event: Event) {
  event.preventDefault();
  if (event.currentTarget instanceof HTMLElement) event.currentTarget.focus();
}

/**
 * The global search dialog (spec shell section 2): opened by openGlobalSearch() (the header's
 * Search button, Ctrl/Cmd+K, /). Mounted once in the shell.
 */
export function GlobalSearchDialog() {
  const [isOpen, setIsOpen] = useState(false);
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  const { remember, onCloseAutoFocus } = useDialogReturnFocus();

  useEffect(
    () =>
      onGlobalSearch(() => {
        remember();
        setIsOpen(true);
      }),
    [remember],
  );

  // Moving to another page (a result, the back button, a shortcut) closes the dialog.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the path changes
  useEffect(() => {
    setIsOpen(false);
  }, [pathname]);

  const openResult = (result: SearchResult) => {
    setIsOpen(false);
    void navigate({ href: `/card/${encodeURIComponent(result.id)}` });
  };

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
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
          <SearchPanel onOpenResult={openResult} />
        </LazyPartBoundary>
      </DialogContent>
    </Dialog>
  );
}
