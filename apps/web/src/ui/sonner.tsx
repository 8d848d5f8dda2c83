import { useEffect } from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

export { toast } from 'sonner';

import { toasterMounted } from './toast';

/** The app's toaster: one toast visible at a time (spec shell section 4). */
export function Toaster(props: ToasterProps) {
  // Runs after Sonner's own effect has subscribed to toasts, so toasts raised before now can be shown.
  useEffect(toasterMounted, []);
  return (
    <Sonner
      visibleToasts={1}
      hotkey={['F8']}
      position="bottom-right"
      closeButton
      toastOptions={{ duration: 5000 }}
      className="toaster group"
      style={
        {
          '--normal-bg': 'var(--card)',
          '--normal-text': 'var(--card-foreground)',
          '--normal-border': 'var(--border)',
        } as React.CSSProperties
      }
      {...props}
    />
  );
}
