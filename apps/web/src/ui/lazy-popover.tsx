import { Slot } from 'radix-ui';
import {
  type ComponentProps,
  createContext,
  type ReactNode,
  type RefObject,
  use,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { toast } from '@/ui/toast';
import { lazyModule } from './lazy-module';
import type * as popover from './popover';

/**
 * A popover whose code (Radix's popover with its positioning, focus and dismissal code) loads when it
 * first opens (see `lazy-module.ts`), like `lazy-dropdown-menu.tsx`. The trigger and the anchor are
 * the page's own elements from the start, never replaced: the trigger has the ARIA state of Radix's
 * (`aria-haspopup="dialog"`, `aria-expanded`, `aria-controls` while open) and toggles the popover
 * on click, Enter or Space. Once open, Radix's Popover is rendered beside them, anchored to them, and
 * behaves as Radix's own: focus moves into the panel, Escape and an outside click close it, and
 * focus returns to the trigger (unless the person clicked elsewhere).
 *
 * The module is fetched when the pointer or focus reaches the trigger, so the first press rarely
 * waits; a field opened by the keyboard (Alt+Down in a date box) fetches it then.
 */

type PopoverParts = typeof popover;

const popoverModule = lazyModule(() => import('./popover'));

/** Starts fetching the popover's code (the pointer or focus reaching a trigger). */
export function preloadPopover(): void {
  popoverModule.load().catch(() => undefined);
}

interface LazyPopoverContextValue {
  parts: PopoverParts | undefined;
  open: boolean;
  setOpen: (open: boolean) => void;
  contentId: string;
  triggerRef: RefObject<HTMLElement | null>;
  anchorRef: RefObject<HTMLElement | null>;
}

const LazyPopoverContext = createContext<LazyPopoverContextValue | null>(null);

function usePopoverContext(part: string): LazyPopoverContextValue {
  const context = use(LazyPopoverContext);
  if (!context) throw new Error(`${part} must be inside a LazyPopover`);
  return context;
}

/** The popover's state, for its trigger, anchor and content (Radix's Popover root, controlled). */
export function LazyPopover({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const [parts, setParts] = useState(popoverModule.current);
  const contentId = useId();
  const triggerRef = useRef<HTMLElement | null>(null);
  const anchorRef = useRef<HTMLElement | null>(null);
  const onOpenChangeRef = useRef(onOpenChange);
  onOpenChangeRef.current = onOpenChange;

  useEffect(() => {
    if (!open || parts) return;
    let live = true;
    popoverModule.load().then(
      (loaded) => live && setParts(loaded),
      (error: unknown) => {
        if (!live) return;
        console.error('Could not load the popover', error);
        toast.error('This could not be loaded', {
          description: 'Check your connection, then reload the page.',
        });
        onOpenChangeRef.current(false);
      },
    );
    return () => {
      live = false;
    };
  }, [open, parts]);

  return (
    <LazyPopoverContext value={{ parts, open, setOpen: onOpenChange, contentId, triggerRef, anchorRef }}>
      {children}
    </LazyPopoverContext>
  );
}

/** What the popover is placed against when it is not the trigger (one element that takes a ref). */
export function LazyPopoverAnchor({ children }: { children: ReactNode }) {
  const { anchorRef } = usePopoverContext('LazyPopoverAnchor');
  return <Slot.Root ref={anchorRef}>{children}</Slot.Root>;
}

/** The button that opens and closes the popover (one element that takes a ref and event handlers). */
export function LazyPopoverTrigger({ children }: { children: ReactNode }) {
  const { open, setOpen, contentId, triggerRef } = usePopoverContext('LazyPopoverTrigger');
  return (
    <Slot.Root
      ref={triggerRef}
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-controls={open ? contentId : undefined}
      data-state={open ? 'open' : 'closed'}
      onPointerEnter={preloadPopover}
      onFocus={preloadPopover}
      onClick={() => setOpen(!open)}
    >
      {children}
    </Slot.Root>
  );
}

/**
 * The panel (`PopoverContent` of `popover.tsx`, with its props): nothing until the popover first
 * opens and its code has arrived, then Radix's Popover, anchored to the anchor or else the trigger.
 */
export function LazyPopoverContent({
  onInteractOutside,
  onCloseAutoFocus,
  ...props
}: ComponentProps<PopoverParts['PopoverContent']>) {
  const { parts, open, setOpen, contentId, triggerRef, anchorRef } = usePopoverContext('LazyPopoverContent');
  const [hasOpened, setHasOpened] = useState(open);
  const hasInteractedOutside = useRef(false);
  if (open && !hasOpened) setHasOpened(true);
  if (!(parts && hasOpened)) return null;

  const { Popover, PopoverAnchor, PopoverContent } = parts;
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverAnchor virtualRef={(anchorRef.current ? anchorRef : triggerRef) as RefObject<HTMLElement>} />
      <PopoverContent
        id={contentId}
        {...props}
        // As Radix does for its own trigger: a press on the trigger is left to the trigger (it
        // toggles), and focus goes back to it on closing unless the person went elsewhere.
        onInteractOutside={(event) => {
          onInteractOutside?.(event);
          const target = event.target as Node | null;
          if (target && triggerRef.current?.contains(target)) event.preventDefault();
          if (!event.defaultPrevented) hasInteractedOutside.current = true;
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (!event.defaultPrevented) {
            if (!hasInteractedOutside.current) triggerRef.current?.focus();
            event.preventDefault();
          }
          hasInteractedOutside.current = false;
        }}
      />
    </Popover>
  );
}
