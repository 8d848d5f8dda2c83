import { useEffect, useRef } from 'react';
import { registerShortcutHandler } from '@/lib/global-events';
import type { ShortcutAction } from '@/lib/shortcuts';

/**
 * Makes a shortcut do `handler` while the calling component is mounted (a page's save on Ctrl/Cmd+S,
 * say). Pass undefined to leave the action alone, e.g. while there is nothing to save.
 */
export function useShortcutHandler(action: ShortcutAction, handler: (() => void) | undefined): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  const isActive = handler !== undefined;
  useEffect(() => {
    if (!isActive) return;
    return registerShortcutHandler(action, () => latest.current?.());
  }, [action, isActive]);
}
