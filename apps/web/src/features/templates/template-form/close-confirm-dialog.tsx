import { Button } from '@/ui/button';
import { ConfirmDialog, ConfirmDialogAction } from '@/ui/confirm-dialog';

interface CloseConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}

/**
 * 'You have unsaved changes. Are you sure you want to close?' (spec work section 2, template-form
 * editor): an in-app alert dialog, focus on 'Keep Editing', Escape keeps editing.
 */
export function CloseConfirmDialog({ open, onOpenChange, onConfirm }: CloseConfirmDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title="Close this form?"
      description="You have unsaved changes. Are you sure you want to close?"
      onKeepEditing={() => onOpenChange(false)}
    >
      <ConfirmDialogAction asChild>
        <Button variant="destructive" onClick={onConfirm}>
          Close Without Saving
        </Button>
      </ConfirmDialogAction>
    </ConfirmDialog>
  );
}
