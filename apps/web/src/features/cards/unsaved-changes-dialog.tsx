import { Loader2Icon } from 'lucide-react';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';

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
  return (
    <ConfirmDialog
      open={open}
      title="Unsaved Changes"
      description="You have unsaved changes that will be lost if you close without saving. Are you sure you want to continue?"
      onKeepEditing={onKeepEditing}
      isBusy={isSaving}
      testId="unsaved-changes-dialog"
    >
      <Button disabled={isSaving} onClick={onSaveAndClose}>
        {isSaving ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
        Save &amp; Close
      </Button>
      <Button variant="destructive" disabled={isSaving} onClick={onDiscard}>
        Discard Changes
      </Button>
    </ConfirmDialog>
  );
}
