import { Slot } from 'radix-ui';
import {
  type ComponentProps,
  createContext,
  type MouseEvent,
  useCallback,
  useContext,
  useId,
  useMemo,
  useState,
} from 'react';

/**
 * A disclosure: a trigger button (`aria-expanded`, `aria-controls`) that shows and hides its content,
 * with the API of Radix's Collapsible as this app used it (`open`/`defaultOpen`/`onOpenChange`,
 * `asChild`, `data-state` on all three parts, the content not drawn while closed).
 *
 * Not Radix's own: its content reads its computed style (for an exit animation) and its size (for a
 * height variable) as it mounts, which forces a style and layout pass of the whole page in the
 * middle of React's commit. The sidebar's sections mount on every page, so every page load paid it
 * (issue 19: about a fifth of the card page's first render at 4× CPU slowdown). Nothing here
 * animates, so nothing needs measuring.
 */

interface CollapsibleState {
  open: boolean;
  toggle: () => void;
  contentId: string;
  disabled: boolean;
}

const CollapsibleContext = createContext<CollapsibleState | null>(null);

function useCollapsible(part: string): CollapsibleState {
  const state = useContext(CollapsibleContext);
  if (!state) throw new Error(`${part} must be inside a Collapsible`);
  return state;
}

const stateOf = (open: boolean) => (open ? 'open' : 'closed');

export function Collapsible({
  open: controlledOpen,
  defaultOpen = false,
  onOpenChange,
  disabled = false,
  asChild = false,
  ...props
}: Omit<ComponentProps<'div'>, 'onToggle'> & {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  disabled?: boolean;
  asChild?: boolean;
}) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen);
  const open = controlledOpen ?? uncontrolledOpen;
  const contentId = useId();
  const toggle = useCallback(() => {
    if (controlledOpen === undefined) setUncontrolledOpen(!open);
    onOpenChange?.(!open);
  }, [controlledOpen, open, onOpenChange]);
  const state = useMemo(() => ({ open, toggle, contentId, disabled }), [open, toggle, contentId, disabled]);
  const Root = asChild ? Slot.Root : 'div';
  return (
    <CollapsibleContext.Provider value={state}>
      <Root
        data-slot="collapsible"
        data-state={stateOf(open)}
        data-disabled={disabled ? '' : undefined}
        {...props}
      />
    </CollapsibleContext.Provider>
  );
}

export function CollapsibleTrigger({
  asChild = false,
  onClick,
  ...props
}: ComponentProps<'button'> & { asChild?: boolean }) {
  const { open, toggle, contentId, disabled } = useCollapsible('CollapsibleTrigger');
  const Trigger = asChild ? Slot.Root : 'button';
  return (
    <Trigger
      type="button"
      data-slot="collapsible-trigger"
      aria-controls={contentId}
      aria-expanded={open}
      data-state={stateOf(open)}
      data-disabled={disabled ? '' : undefined}
      disabled={disabled}
      {...props}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) toggle();
      }}
    />
  );
}

export function CollapsibleContent({ children, ...props }: ComponentProps<'div'>) {
  const { open, contentId, disabled } = useCollapsible('CollapsibleContent');
  return (
    <div
      data-slot="collapsible-content"
      id={contentId}
      data-state={stateOf(open)}
      data-disabled={disabled ? '' : undefined}
      hidden={!open}
      {...props}
    >
      {open ? children : null}
    </div>
  );
}
