import type { ExternalToast, toast as sonnerToast } from 'sonner';
import { toastClearance } from './toast-clearance';

/**
 * The app's toasts, with sonner (about 10 KB gzip) loaded when the first toast is shown rather than
 * with every page (issue 19: the page's JavaScript). The same calls as sonner's `toast`: a message, or
 * `.success` / `.error` / `.info`, with sonner's options.
 *
 * Sonner's Toaster only shows toasts raised after it has mounted, so a toast waits for both the
 * module and the mounted Toaster (`<LazyToaster />` in the providers draws it once loaded). Should
 * the module not load (the network gone), the message is still shown and announced, plainly, and the
 * next toast tries again.
 */
type Kind = 'message' | 'success' | 'error' | 'info';
type Message = Parameters<typeof sonnerToast>[0];
type ToasterModule = typeof import('./sonner');

let loaded: ToasterModule | undefined;
let loading: Promise<ToasterModule> | null = null;
const loadedListeners = new Set<() => void>();
let markReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** The Toaster's module once loaded, for `useSyncExternalStore` (`<LazyToaster />` draws it then). */
export const loadedToaster = {
  get: () => loaded,
  subscribe(listener: () => void) {
    loadedListeners.add(listener);
    return () => loadedListeners.delete(listener);
  },
};

/** Called by the Toaster once it has mounted and listens for toasts. */
export function toasterMounted(): void {
  markReady();
}

function loadToaster(): Promise<ToasterModule> {
  loading ??= import('./sonner').then(
    (module) => {
      loaded = module;
      for (const listener of loadedListeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = null; // the next toast tries again
      throw error;
    },
  );
  return loading;
}

function show(kind: Kind, message: Message, options?: ExternalToast): void {
  loadToaster().then(
    async ({ toast }) => {
      await toasterReady;
      if (kind === 'message') toast(message, options);
      else toast[kind](message, options);
    },
    () => showPlainly(message, options),
  );
}

/** The message without sonner: a polite status line at the foot of the page for five seconds. */
function showPlainly(message: Message, options?: ExternalToast): void {
  const text = [message, options?.description].filter((part) => typeof part === 'string').join(' ');
  if (!text) return;
  const line = document.createElement('div');
  line.setAttribute('role', 'status');
  line.className =
    'fixed right-4 bottom-4 z-50 max-w-sm rounded-md border bg-card p-3 text-sm text-card-foreground shadow-md';
  line.textContent = text;
  // Above any bar at the foot of the screen, as the Toaster's toasts are (toast-clearance.ts).
  line.style.bottom = `${16 + toastClearance.get()}px`;
  document.body.append(line);
  setTimeout(() => line.remove(), 5000);
}

export const toast = Object.assign(
  (message: Message, options?: ExternalToast) => show('message', message, options),
  {
    success: (message: Message, options?: ExternalToast) => show('success', message, options),
    error: (message: Message, options?: ExternalToast) => show('error', message, options),
    info: (message: Message, options?: ExternalToast) => show('info', message, options),
  },
);
