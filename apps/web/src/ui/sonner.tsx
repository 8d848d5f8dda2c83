import { Toaster as Sonner, type ToasterProps } from 'sonner';

/** The app's toaster: one toast visible at a time (spec shell section 4). */
export function Toaster(props: ToasterProps) {
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
