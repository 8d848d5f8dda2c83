import {
  Children,
  cloneElement,
  createContext,
  isValidElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useContext,
  useId,
  useLayoutEffect,
  useRef,
} from 'react';
import { createPortal } from 'react-dom';
import { Button } from './button';

/** Closes the ConfirmDialog around a `ConfirmDialogAction`. */
const CloseContext = createContext<() => void>(() => {});

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  onKeepEditing: () => void;
  /** While an action runs: every button is disabled. */
  isBusy?: boolean;
  testId?: string;
  /** The safe choice's words where 'Keep Editing' would not fit (e.g. 'Cancel' before a deletion). */
  cancelLabel?: string;
  children: ReactNode;
}

/**
 * An in-app "are you sure?" dialog: title, text, 'Keep Editing' first (focus lands on it, and Escape
 * or a click outside chooses it: the choice that loses nothing), then the actions given as children.
 * Wrap a closing action in `ConfirmDialogAction` so choosing it also closes the dialog.
 *
 * It is the browser's own modal `<dialog>` (`showModal()`): the page behind is inert, focus stays in
 * the dialog, and it sits above everything in the top layer, with no script of ours for any of that.
 * Opened from a Radix dialog or side panel, that one stays open behind it (`leaveToConfirmDialog`).
 * The leave guard asks with it while the device is offline, when no further code could be fetched,
 * and every page's JavaScript stays smaller for it (issue 19). Drawn only while open.
 */
export function ConfirmDialog({ open, ...question }: ConfirmDialogProps) {
  // Mounted only while open: opening it is `showModal()` in the open one's first layout effect.
  return open ? <OpenConfirmDialog {...question} /> : null;
}

function OpenConfirmDialog({
  title,
  description,
  onKeepEditing,
  isBusy = false,
  testId,
  cancelLabel = 'Keep Editing',
  children,
}: Omit<ConfirmDialogProps, 'open'>) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    cancelRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      // Back to where the question was asked from, unless the answer moved focus on already.
      if (returnTo?.isConnected && (!document.activeElement || document.activeElement === document.body)) {
        returnTo.focus();
      }
    };
  }, []);

  const keepEditing = () => {
    if (!isBusy) onKeepEditing();
  };

  // In <body>, as Radix's dialogs are: a question asked from inside another dialog or side panel is
  // not inside the part of the page that dialog hides from screen readers.
  return createPortal(
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click's keyboard answer is Escape (onCancel)
    <dialog
      ref={dialogRef}
      role="alertdialog"
      data-slot="confirm-dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      data-testid={testId}
      // Escape: the browser's cancel, which would close the dialog behind React's back.
      onCancel={(event) => {
        event.preventDefault();
        keepEditing();
      }}
      // A click on the backdrop lands on the dialog element itself; its content fills the box.
      onClick={(event: MouseEvent<HTMLDialogElement>) => {
        if (event.target === event.currentTarget) keepEditing();
      }}
      className="pointer-events-auto m-auto w-[calc(100%-2rem)] max-w-md animate-fade-in overflow-visible rounded-xl border bg-background p-0 text-foreground shadow-lg outline-none backdrop:bg-black/50"
    >
      <div className="grid gap-4 p-6 text-left text-base">
        <h2 id={titleId} className="font-semibold text-lg leading-tight">
          {title}
        </h2>
        <p id={descriptionId} className="text-muted-foreground text-sm">
          {description}
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button ref={cancelRef} variant="outline" disabled={isBusy} onClick={keepEditing}>
            {cancelLabel}
          </Button>
          <CloseContext.Provider value={onKeepEditing}>{children}</CloseContext.Provider>
        </div>
      </div>
    </dialog>,
    document.body,
  );
}

/**
 * For the Radix dialogs and side panels a ConfirmDialog opens from (ui/dialog.tsx, ui/sheet.tsx): their
 * content's Escape and outside handlers, wrapped so that Escape, a press or focus inside the
 * ConfirmDialog belongs to it alone and does not also close the panel behind (Radix listens on the
 * whole document and takes the ConfirmDialog, in <body>, for outside). Not `dialog[open]`: Radix may
 * handle a press when its click is over and the dialog gone.
 */
export function leaveToConfirmDialog<Escape extends Event, Outside extends Event>(handlers: {
  onEscapeKeyDown?: (event: Escape) => void;
  onInteractOutside?: (event: Outside) => void;
}) {
  const keep = (event: Event) => {
    if (event.target instanceof Element && event.target.closest('[data-slot="confirm-dialog"]')) {
      event.preventDefault();
    }
  };
  return {
    onEscapeKeyDown: (event: Escape) => {
      keep(event);
      handlers.onEscapeKeyDown?.(event);
    },
    onInteractOutside: (event: Outside) => {
      keep(event);
      handlers.onInteractOutside?.(event);
    },
  };
}

/**
 * An action of a ConfirmDialog that closes it when chosen: its one child (a Button) is drawn as it is,
 * and a click runs the child's own handler, then closes the dialog. (`asChild` is accepted for the
 * callers written for Radix' AlertDialog.Action; the child is always what is drawn.)
 */
export function ConfirmDialogAction({ children }: { asChild?: boolean; children: ReactElement }) {
  const close = useContext(CloseContext);
  const child = Children.only(children);
  if (!isValidElement<{ onClick?: (event: MouseEvent<HTMLElement>) => void }>(child)) return child;
  return cloneElement(child, {
    onClick: (event: MouseEvent<HTMLElement>) => {
      child.props.onClick?.(event);
      if (!event.defaultPrevented) close();
    },
  });
}
