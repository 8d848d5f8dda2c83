import { useCallback, useRef } from 'react';

/**
 * Focus back where it was when a dialog opened by an event, not by a DialogTrigger, closes (Radix
 * returns focus itself only to a trigger). Call `remember()` just before opening and pass
 * `onCloseAutoFocus` to DialogContent.
 */
export function useDialogReturnFocus() {
  const returnTo = useRef<HTMLElement | null>(null);
  const remember = useCallback(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement)) return;
    // Opening again while open (Ctrl+K inside the dialog) keeps the first place.
    if (active.closest('[role="dialog"]')) return;
    // Opened from a menu item, which goes when the menu closes: return to the menu's button instead.
    const menuButton = active.closest('[role="menu"]')
      ? document.querySelector<HTMLElement>('[aria-haspopup="menu"][aria-expanded="true"]')
      : null;
    returnTo.current = menuButton ?? active;
  }, []);
  const onCloseAutoFocus = useCallback((event: Event) => {
    const element = returnTo.current;
    returnTo.current = null;
    if (element?.isConnected && element !== document.body) {
      event.preventDefault();
      element.focus();
    }
  }, []);
  return { remember, onCloseAutoFocus };
}
