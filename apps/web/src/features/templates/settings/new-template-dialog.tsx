import type { FormTemplate } from '@wattle/domain/templates/schemas';
import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import { type ReactElement, useRef, useState } from 'react';
import { Button } from '@/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/ui/dialog';
import { LazyPartBoundary, LazyPartLoading, lazyPart } from '@/ui/lazy-part';

// The form (react-hook-form, the schema, the field list editor) loads when the dialog first opens.
const NewTemplateForm = lazyPart(() => import('./new-template-form'), 'NewTemplateForm');

/** Asked when the dialog closes with something typed: nothing is created, so it would be lost. */
function DiscardDialog({
  open,
  onKeepEditing,
  onDiscard,
}: {
  open: boolean;
  onKeepEditing: () => void;
  onDiscard: () => void;
}) {
  return (
    <AlertDialogPrimitive.Root
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) onKeepEditing();
      }}
    >
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialogPrimitive.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-background p-6 shadow-lg outline-none">
          <AlertDialogPrimitive.Title className="font-semibold text-lg leading-tight">
            Discard this template?
          </AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description className="text-muted-foreground text-sm">
            The template has not been created. What you entered will be lost.
          </AlertDialogPrimitive.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel asChild>
              <Button variant="outline">Keep Editing</Button>
            </AlertDialogPrimitive.Cancel>
            <AlertDialogPrimitive.Action asChild>
              <Button variant="destructive" onClick={onDiscard}>
                Discard
              </Button>
            </AlertDialogPrimitive.Action>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}

/**
 * 'Add template': the New template form in a large dialog (full width on a phone). Closing it with
 * something typed asks first; a click outside does not close it.
 */
export function NewTemplateDialog({
  tenantId,
  onCreated,
  children,
}: {
  tenantId: string;
  /** After the server created it; the page lists, announces and focuses it. */
  onCreated: (template: FormTemplate) => void;
  /** The button that opens the dialog. */
  children: ReactElement;
}) {
  const [open, setOpen] = useState(false);
  const [isConfirmingDiscard, setConfirmingDiscard] = useState(false);
  const isDirty = useRef(false);
  const justCreated = useRef(false);

  function requestClose() {
    if (isDirty.current) setConfirmingDiscard(true);
    else setOpen(false);
  }

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (next) {
            isDirty.current = false;
            setOpen(true);
          } else requestClose();
        }}
      >
        <DialogTrigger asChild>{children}</DialogTrigger>
        <DialogContent
          size="large"
          className="max-sm:h-svh max-sm:max-h-svh max-sm:w-full max-sm:rounded-none max-sm:p-4"
          onInteractOutside={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => {
            // After a create the page moves focus to the new template's details.
            if (justCreated.current) {
              justCreated.current = false;
              event.preventDefault();
            }
          }}
        >
          <DialogHeader>
            <DialogTitle>New template</DialogTitle>
            <DialogDescription>
              A custom compliance template for this organisation's cards. Fields are placed in the form's
              sections by their id and name.
            </DialogDescription>
          </DialogHeader>
          <LazyPartBoundary fallback={<LazyPartLoading />}>
            <NewTemplateForm
              tenantId={tenantId}
              onDirtyChange={(dirty) => {
                isDirty.current = dirty;
              }}
              onCancel={requestClose}
              onCreated={(template) => {
                justCreated.current = true;
                isDirty.current = false;
                setOpen(false);
                onCreated(template);
              }}
            />
          </LazyPartBoundary>
        </DialogContent>
      </Dialog>
      <DiscardDialog
        open={isConfirmingDiscard}
        onKeepEditing={() => setConfirmingDiscard(false)}
        onDiscard={() => {
          setConfirmingDiscard(false);
          isDirty.current = false;
          setOpen(false);
        }}
      />
    </>
  );
}
