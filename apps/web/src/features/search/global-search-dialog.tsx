import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { onGlobalSearch } from '@/lib/global-events';
import { useDialogReturnFocus } from '@/ui/dialog-return-focus';
import { LazyPartBoundary, lazyPart } from '@/ui/lazy-part';
import type { SearchResult } from './api';

const loadSearchFrame = () => import('./global-search-frame');
const GlobalSearchFrame = lazyPart(loadSearchFrame, 'GlobalSearchFrame');

/** Starts loading the dialog and its contents ahead of a likely opening (the pointer on the Search button). */
export function preloadGlobalSearch(): void {
  void Promise.all([
    GlobalSearchFrame.preload(),
    loadSearchFrame().then((frame) => frame.preloadSearchPanel()),
  ]).catch(() => {
    // Opening the dialog tries again and says so if it still fails.
  });
}

/**
 * The global search dialog (spec shell section 2): opened by openGlobalSearch() (the header's
 * Search button, Ctrl/Cmd+K, /). Mounted once in the shell; the dialog itself (global-search-frame.tsx)
 * and its code arrive on the first opening, so pages that never search do not load them (issue 19).
 */
export function GlobalSearchDialog() {
  const [isOpen, setIsOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  const { remember, onCloseAutoFocus } = useDialogReturnFocus();

  useEffect(
    () =>
      onGlobalSearch(() => {
        remember();
        setWasOpened(true);
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

  if (!wasOpened) return null;
  return (
    <LazyPartBoundary fallback={null}>
      <GlobalSearchFrame
        open={isOpen}
        onOpenChange={setIsOpen}
        onCloseAutoFocus={onCloseAutoFocus}
        onOpenResult={openResult}
      />
    </LazyPartBoundary>
  );
}
