import { useSyncExternalStore } from 'react';
import { loadedToaster } from './toast';

/**
 * The app's Toaster, drawn once the first toast has loaded its code (`ui/toast.ts`). Nothing is
 * drawn before, and a failed load draws nothing (the toast is shown plainly instead).
 */
export function LazyToaster() {
  const module = useSyncExternalStore(loadedToaster.subscribe, loadedToaster.get, () => undefined);
  return module ? <module.Toaster /> : null;
}
