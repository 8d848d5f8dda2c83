import { Button } from '@/ui/button';
import { ConfirmDialog, ConfirmDialogAction } from '@/ui/confirm-dialog';

/**
 * Approving is asked about first (issue 18 item 4): it records the approving clinician and locks the
 * card, so the card page and the Edit Card panel both ask with this one dialog. `whenSaved` says the
 * panel's approval takes effect when its form is saved.
 */
export function ApproveConfirmDialog({
  open,
  whenSaved = false,
  onCancel,
  onApprove,
}: {
  open: boolean;
  whenSaved?: boolean;
  onCancel: () => void;
  onApprove: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      title="Approve this card?"
      description={`Approving records you as the approving clinician, locks the card against edits and moves it to the Done column${whenSaved ? ' when you save' : ''}. It can then only be archived.`}
      cancelLabel="Cancel"
      onKeepEditing={onCancel}
      testId="approve-dialog"
    >
      <ConfirmDialogAction asChild>
        <Button onClick={onApprove}>Approve</Button>
      </ConfirmDialogAction>
    </ConfirmDialog>
  );
}
