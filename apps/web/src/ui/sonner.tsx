import { useEffect } from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { toasterMounted } from './toast';

export { toast } from 'sonner';

/** Sonner's Toaster, loaded with the first toast (ui/toast.ts); its look is set by `LazyToaster`. */
export function Toaster(props: ToasterProps) {
  // Runs after Sonner's own effect has subscribed to toasts, so toasts raised before now can be shown.
  useEffect(toasterMounted, []);
  return <Sonner {...props} />;
}
