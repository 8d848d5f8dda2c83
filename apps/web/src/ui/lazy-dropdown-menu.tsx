import { Slot } from 'radix-ui';
import { type ReactElement, type ReactNode, useRef, useState } from 'react';
import { toast } from '@/ui/toast';
import type * as dropdownMenu from './dropdown-menu';
import { lazyModule } from './lazy-module';

/**
 * A dropdown menu whose code (Radix's menu, roving focus and positioning) loads when first needed
 * (see `lazy-module.ts`). Until then its trigger is rendered alone, with the look and the ARIA state
 * of a closed menu button. The first press (pointer down, or Enter, Space or Down Arrow) renders
 * Radix's DropdownMenu (`dropdown-menu.tsx`) already open, and from then on it is Radix's menu, with
 * its keyboard behaviour: focus moves into the menu, Escape closes it and returns focus to the trigger.
 *
 * The module is fetched when the pointer or focus reaches the trigger, so the first press rarely waits.
 */

export type DropdownMenuParts = typeof dropdownMenu;

const menuModule = lazyModule(() => import('./dropdown-menu'));

const openKeys = ['Enter', ' ', 'ArrowDown'];

export function LazyDropdownMenu({
  trigger,
  children,
  side,
  align,
  className,
  onOpenChange,
}: {
  /** The menu's button: one element that takes a ref and event handlers. */
  trigger: ReactElement;
  /** The menu's items, made of the parts given (DropdownMenuItem, DropdownMenuLabel, …). */
  children: (parts: DropdownMenuParts) => ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  align?: 'start' | 'center' | 'end';
  /** For the menu's content. */
  className?: string;
  onOpenChange?: (open: boolean) => void;
}) {
  const [parts, setParts] = useState(menuModule.current);
  const [isActive, setIsActive] = useState(false);
  const [open, setOpen] = useState(false);
  const isOpenedByKeyboard = useRef(false);

  const changeOpen = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };

  if (parts && isActive) {
    const { DropdownMenu, DropdownMenuTrigger, DropdownMenuContent } = parts;
    return (
      <DropdownMenu open={open} onOpenChange={changeOpen}>
        <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
        <DropdownMenuContent
          side={side}
          align={align}
          className={className}
          ref={(content) => {
            if (!(content && isOpenedByKeyboard.current)) return;
            // Radix focuses the first item when it saw the key that opened the menu; the first key
            // reached the trigger before Radix was there, so the first item is focused here (Radix
            // then leaves focus where it is, inside the menu).
            isOpenedByKeyboard.current = false;
            content
              .querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')
              ?.focus({ preventScroll: true });
          }}
        >
          {children(parts)}
        </DropdownMenuContent>
      </DropdownMenu>
    );
  }

  const preload = () => {
    menuModule.load().catch(() => undefined);
  };

  const activate = (byKeyboard: boolean) => {
    isOpenedByKeyboard.current = byKeyboard;
    setIsActive(true);
    changeOpen(true);
    const loaded = menuModule.current();
    if (loaded) setParts(loaded);
    else
      menuModule.load().then(setParts, (error: unknown) => {
        console.error('Could not load the menu', error);
        toast.error('This could not be loaded', {
          description: 'Check your connection, then reload the page.',
        });
        setIsActive(false);
        changeOpen(false);
      });
  };

  return (
    <Slot.Root
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={preload}
      onFocus={preload}
      onPointerDown={(event) => {
        // What Radix's trigger does with a primary press: the menu, not the trigger, takes focus.
        if (event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        activate(false);
      }}
      onKeyDown={(event) => {
        if (!openKeys.includes(event.key)) return;
        event.preventDefault();
        activate(true);
      }}
    >
      {trigger}
    </Slot.Root>
  );
}
