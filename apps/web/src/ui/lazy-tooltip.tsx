import { Slot } from 'radix-ui';
import { type ReactElement, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { lazyModule } from './lazy-module';

/**
 * A tooltip whose code loads when first needed (see `lazy-module.ts`). Until someone points at or
 * focuses its trigger, only the trigger is rendered; then Radix's Tooltip (`tooltip.tsx`) takes over,
 * shown as soon as the module arrives, and stays.
 *
 * A tooltip is a nicety on top of the trigger's own accessible name (aria-label, or text that may be
 * sr-only): nothing depends on it. It opens without delay, as the shell's tooltips always have (spec
 * shell section 9).
 */

const tooltipModule = lazyModule(() => import('./tooltip'));

export function LazyTooltip({
  content,
  side,
  align,
  hidden = false,
  children,
}: {
  content: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  align?: 'start' | 'center' | 'end';
  /** Shows nothing for now (the sidebar's names while it is expanded); nothing is loaded for it. */
  hidden?: boolean;
  /** The trigger: one element that takes a ref and event handlers (a button or a link). */
  children: ReactElement;
}) {
  const [parts, setParts] = useState(tooltipModule.current);
  const [isActive, setIsActive] = useState(false);
  const [open, setOpen] = useState(false);
  // Typed as Radix's trigger wants; it may be a link, and is only focused.
  const triggerRef = useRef<HTMLButtonElement>(null);
  const isPointerDown = useRef(false);
  /** Whether the trigger had focus when Radix's replaced it; null until then. */
  const hadFocus = useRef<boolean | null>(null);

  // Radix's trigger is a new element, so focus on the old one would fall to the page: it moves
  // to the new one instead (and the tooltip shows, as focus does).
  useLayoutEffect(() => {
    if (!(parts && isActive && hadFocus.current)) return;
    hadFocus.current = false;
    triggerRef.current?.focus({ preventScroll: true });
  }, [parts, isActive]);

  if (parts && isActive) {
    // Read once, in the render that swaps the triggers, while the old one is still in the page
    // (the blur its removal causes comes too late to tell).
    hadFocus.current ??= triggerRef.current !== null && triggerRef.current === document.activeElement;
    const { TooltipProvider, Tooltip, TooltipTrigger, TooltipContent } = parts;
    return (
      <TooltipProvider delayDuration={0}>
        <Tooltip open={open && !hidden} onOpenChange={setOpen}>
          <TooltipTrigger asChild ref={triggerRef}>
            {children}
          </TooltipTrigger>
          <TooltipContent side={side} align={align}>
            {content}
          </TooltipContent>
        </Tooltip>
      </TooltipProvider>
    );
  }

  const activate = () => {
    if (hidden) return;
    setIsActive(true);
    setOpen(true);
    const loaded = tooltipModule.current();
    if (loaded) setParts(loaded);
    else
      tooltipModule.load().then(setParts, (error: unknown) => {
        console.error('Could not load the tooltip', error);
        setIsActive(false);
        setOpen(false);
      });
  };

  return (
    <Slot.Root
      ref={triggerRef}
      // As Radix does: no tooltip for touch, nor for the focus a tap or click gives.
      onPointerEnter={(event) => {
        if (event.pointerType !== 'touch') activate();
      }}
      // A press shows no tooltip (Radix closes it), and the trigger must not be replaced between
      // the press and its click, which would then be lost: the next hover or focus shows it.
      onPointerDown={() => {
        setIsActive(false);
        setOpen(false);
        isPointerDown.current = true;
        document.addEventListener(
          'pointerup',
          () => {
            isPointerDown.current = false;
          },
          { once: true },
        );
      }}
      onFocus={() => {
        if (!isPointerDown.current) activate();
      }}
      // While the code is still on its way, leaving the trigger cancels the showing.
      onPointerLeave={() => setOpen(false)}
      onBlur={() => setOpen(false)}
    >
      {children}
    </Slot.Root>
  );
}
