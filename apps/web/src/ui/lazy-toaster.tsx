import { type CSSProperties, useMemo, useSyncExternalStore } from 'react';
import type { ToasterProps } from 'sonner';
import { loadedToaster } from './toast';

/**
 * The app's Toaster, drawn once the first toast has loaded its code (`ui/toast.ts`): one toast visible
 * at a time, bottom right, F8 to reach it (spec shell section 4). Nothing is drawn before, and a failed
 * load draws nothing (the toast is shown plainly instead).
 */
export function LazyToaster() {
  const module = useSyncExternalStore(loadedToaster.subscribe, loadedToaster.get, () => undefined);
  // One object for the Toaster's life, so a render of the providers does not draw the toasts again.
  const props = useMemo<ToasterProps>(
    () => ({
      visibleToasts: 1,
      hotkey: ['F8'],
      position: 'bottom-right',
      closeButton: true,
      toastOptions: { duration: 5000 },
      className: 'toaster group',
      style: {
        '--normal-bg': 'var(--card)',
        '--normal-text': 'var(--card-foreground)',
        '--normal-border': 'var(--border)',
      } as CSSProperties,
    }),
    [],
  );
  return module ? <module.Toaster {...props} /> : null;
}
