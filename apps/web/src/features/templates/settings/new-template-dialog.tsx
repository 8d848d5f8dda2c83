import type { CreateTemplateInput, FormTemplate } from '@wattle/domain/templates/schemas';
import { type ReactElement, useRef, useState } from 'react';
import { Button } from '@/ui/button';
import { ConfirmDialog, ConfirmDialogAction } from '@/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/ui/dialog';
import { LazyPartBoundary, LazyPartLoading, lazyPart } from '@/ui/lazy-part';
import type { TemplateDraft } from './template-draft';

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
    <ConfirmDialog
      open={open}
      title="Discard this template?"
      description="The template has not been created. What you entered will be lost."
      onKeepEditing={onKeepEditing}
    >
      <ConfirmDialogAction asChild>
        <Button variant="destructive" onClick={onDiscard}>
          Discard
        </Button>
      </ConfirmDialogAction>
    </ConfirmDialog>
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
  title = 'New template',
  description = "A custom compliance template for this organisation's cards. Fields are placed in the form's sections by their id and name.",
  initial,
  submit,
  submitLabel,
  failureTitle,
}: {
  tenantId: string;
  /** After the server created it; the page lists, announces and focuses it. */
  onCreated: (template: FormTemplate) => void;
  /** The button that opens the dialog. */
  children: ReactElement;
  title?: string;
  description?: string;
  /** Editing an existing template (a new version): its values, what saving does, and the words. */
  initial?: TemplateDraft;
  submit?: (input: CreateTemplateInput) => Promise<FormTemplate>;
  submitLabel?: string;
  failureTitle?: string;
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
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <LazyPartBoundary fallback={<LazyPartLoading />}>
            <NewTemplateForm
              tenantId={tenantId}
              {...(initial ? { initial } : {})}
              {...(submit ? { submit } : {})}
              {...(submitLabel ? { submitLabel } : {})}
              {...(failureTitle ? { failureTitle } : {})}
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
