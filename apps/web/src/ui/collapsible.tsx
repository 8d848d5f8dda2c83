import { Slot } from 'radix-ui';
import { type ComponentProps, createContext, type MouseEvent, useContext, useId, useMemo } from 'react';

/**
 * A disclosure: a trigger button (`aria-expanded`, `aria-controls`) that shows and hides its content,
 * with the API of Radix's Collapsible as this app uses it (`open`/`onOpenChange`, always controlled;
 * `asChild`; `data-state` on all three parts; the content not drawn while closed).
 *
 * Not Radix's own: its content reads its computed style (for an exit animation) and its size (for a
 * height variable) as it mounts, which forces a style and layout pass of the whole page in the
 * middle of React's commit. The sidebar's sections mount on every page, so every page load paid it
 * (issue 19: about a fifth of the card page's first render at 4× CPU slowdown). Nothing here
 * animates, so nothing needs measuring.
 */

interface CollapsibleState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contentId: string;
}

const CollapsibleContext = createContext<CollapsibleState | null>(null);

function useCollapsible(part: string): CollapsibleState {
  const state = useContext(CollapsibleContext);
  if (!state) throw new Error(`${part} must be inside a Collapsible`);
  return state;
}

const stateOf = (open: boolean) => (open ? 'open' : 'closed');

export function Collapsible({
  open,
  onOpenChange,
  asChild = false,
  ...props
}: ComponentProps<'div'> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  asChild?: boolean;
}) {
  const contentId = useId();
  const state = useMemo(() => ({ open, onOpenChange, contentId }), [open, onOpenChange, contentId]);
  const Root = asChild ? Slot.Root : 'div';
  return (
    <CollapsibleContext.Provider value={state}>
      <Root data-slot="collapsible" data-state={stateOf(open)} {...props} />
    </CollapsibleContext.Provider>
  );
}

export function CollapsibleTrigger({
  asChild = false,
  onClick,
  ...props
}: ComponentProps<'button'> & { asChild?: boolean }) {
  const { open, onOpenChange, contentId } = useCollapsible('CollapsibleTrigger');
  const Trigger = asChild ? Slot.Root : 'button';
  return (
    <Trigger
      type="button"
      data-slot="collapsible-trigger"
      aria-controls={contentId}
      aria-expanded={open}
      data-state={stateOf(open)}
      {...props}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) onOpenChange(!open);
      }}
    />
  );
}

export function CollapsibleContent({ children, ...props }: ComponentProps<'div'>) {
  const { open, contentId } = useCollapsible('CollapsibleContent');
  return (
    <div data-slot="collapsible-content" id={contentId} data-state={stateOf(open)} hidden={!open} {...props}>
      {open ? children : null}
    </div>
  );
}
