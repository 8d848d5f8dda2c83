import type { TimeEntry } from '@wattle/domain/time/entries';
import type { ComponentProps } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/ui/dialog';
import { addEntryDialogText } from './entry-dialog-text';
import { TimeEntryForm } from './time-entry-form';

/**
 * The Add Manual Time Entry dialog (spec work section 2) opened from the timesheet, or the same form
 * editing an entry (`entry`). Radix returns focus to what opened it when it closes.
 */
export function TimeEntryDialog({
  tenantId,
  entry,
  initialDate,
  description,
  onClose,
  onCloseAutoFocus,
}: {
  tenantId: string;
  entry?: TimeEntry;
  initialDate?: string;
  /** Overrides the line under the title (the timer's "Add a description"). */
  description?: string;
  onClose: (saved: TimeEntry | null) => void;
  onCloseAutoFocus?: ComponentProps<typeof DialogContent>['onCloseAutoFocus'];
}) {
  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen ? undefined : onClose(null))}>
      <DialogContent size="small" data-testid="time-entry-dialog" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{entry ? 'Edit Time Entry' : addEntryDialogText.title}</DialogTitle>
          <DialogDescription>
            {description ??
              (entry ? 'Change the entry before you submit it.' : addEntryDialogText.description)}
          </DialogDescription>
        </DialogHeader>
        <TimeEntryForm tenantId={tenantId} entry={entry} initialDate={initialDate} onDone={onClose} />
      </DialogContent>
    </Dialog>
  );
}
