import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from './button';

/**
 * An in-app "are you sure?" dialog: title, text, 'Keep Editing' first (focus lands on it, and Escape
 * or a click outside chooses it: the choice that loses nothing), then the actions given as children.
 * Wrap a closing action in `ConfirmDialogAction` so choosing it also closes the dialog.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  onKeepEditing,
  isBusy = false,
  testId,
  cancelLabel = 'Keep Editing',
  children,
}: {
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
}) {
  return (
    <AlertDialogPrimitive.Root
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) onKeepEditing();
      }}
    >
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 animate-fade-in bg-black/50" />
        <AlertDialogPrimitive.Content
          className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-background p-6 shadow-lg outline-none"
          data-testid={testId}
        >
          <AlertDialogPrimitive.Title className="font-semibold text-lg leading-tight">
            {title}
          </AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description className="text-muted-foreground text-sm">
            {description}
          </AlertDialogPrimitive.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel asChild>
              <Button variant="outline" disabled={isBusy}>
                {cancelLabel}
              </Button>
            </AlertDialogPrimitive.Cancel>
            {children}
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}

/** An action of a ConfirmDialog that closes it when chosen. */
export const ConfirmDialogAction = AlertDialogPrimitive.Action;
