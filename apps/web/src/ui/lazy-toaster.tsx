import { type CSSProperties, useMemo, useSyncExternalStore } from 'react';
import type { ToasterProps } from 'sonner';
import { loadedToaster } from './toast';
import { toastClearance } from './toast-clearance';

/** Sonner's own distances from the edge of the screen: 24 px, and 16 px on phones (up to 600 px wide). */
const edgeOffset = 24;
const mobileEdgeOffset = 16;

/**
 * The app's Toaster, drawn once the first toast has loaded its code (`ui/toast.ts`): one toast visible
 * at a time, bottom right, F8 to reach it (spec shell section 4), risen above any bar at the foot of
 * the screen (`toast-clearance.ts`: a toast never covers a Save bar). Nothing is drawn before, and a
 * failed load draws nothing (the toast is shown plainly instead).
 */
export function LazyToaster() {
  const module = useSyncExternalStore(loadedToaster.subscribe, loadedToaster.get, () => undefined);
  const clearance = useSyncExternalStore(toastClearance.subscribe, toastClearance.get, () => 0);
  // One object until the bars at the foot change, so a render of the providers does not draw the toasts again.
  const props = useMemo<ToasterProps>(
    () => ({
      visibleToasts: 1,
      hotkey: ['F8'],
      position: 'bottom-right',
      closeButton: true,
      offset: { bottom: edgeOffset + clearance },
      mobileOffset: { bottom: mobileEdgeOffset + clearance },
      toastOptions: { duration: 5000 },
      className: 'toaster group',
      style: {
        '--normal-bg': 'var(--card)',
        '--normal-text': 'var(--card-foreground)',
        '--normal-border': 'var(--border)',
      } as CSSProperties,
    }),
    [clearance],
  );
  return module ? <module.Toaster {...props} /> : null;
}
