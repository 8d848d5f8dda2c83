import { Loader2Icon } from 'lucide-react';
import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import { Button } from '@/ui/button';

/**
 * The Unsaved Changes dialog of spec work section 2: asked when the Edit Card side panel closes with
 * changes. Escape or a click outside keeps editing, the safe choice.
 */
export function UnsavedChangesDialog({
  open,
  isSaving,
  onKeepEditing,
  onSaveAndClose,
  onDiscard,
}: {
  open: boolean;
  isSaving: boolean;
  onKeepEditing: () => void;
  onSaveAndClose: () => void;
  onDiscard: () => void;
}) {
  // Keep Editing is an AlertDialog Cancel: focus lands on it first, the choice that loses nothing.
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
          data-testid="unsaved-changes-dialog"
        >
          <AlertDialogPrimitive.Title className="font-semibold text-lg leading-tight">
            Unsaved Changes
          </AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description className="text-muted-foreground text-sm">
            You have unsaved changes that will be lost if you close without saving. Are you sure you want to
            continue?
          </AlertDialogPrimitive.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel asChild>
              <Button variant="outline" disabled={isSaving}>
                Keep Editing
              </Button>
            </AlertDialogPrimitive.Cancel>
            <Button disabled={isSaving} onClick={onSaveAndClose}>
              {isSaving ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              Save &amp; Close
            </Button>
            <Button variant="destructive" disabled={isSaving} onClick={onDiscard}>
              Discard Changes
            </Button>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
