import { RejectTimeEntrySchema, type TimeEntry } from '@wattle/domain/time/entries';
import { AlertCircleIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Alert, AlertDescription } from '@/ui/alert';
import { Button } from '@/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/ui/dialog';
import { FormField, fieldAria, textareaClass } from '@/ui/form-field';
import { entryWhen } from './entry-when';

/**
 * Reject asks why (issue 14 part 6): the worker reads the reason on the entry and in their inbox.
 * An empty reason gets the schema's message and nothing is sent.
 */
export function RejectEntryDialog({
  entry,
  isBusy,
  error,
  onReject,
  onClose,
  onCloseAutoFocus,
}: {
  entry: TimeEntry;
  isBusy: boolean;
  /** The server's refusal, shown in the dialog (the reason typed stays). */
  error: string | null;
  onReject: (reason: string) => void;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [reason, setReason] = useState('');
  const [issue, setIssue] = useState<string | null>(null);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = RejectTimeEntrySchema.safeParse({ reason });
    if (!parsed.success) {
      setIssue(parsed.error.issues[0]?.message ?? 'Please give a reason');
      return;
    }
    setIssue(null);
    onReject(parsed.data.reason);
  };

  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen || isBusy ? undefined : onClose())}>
      <DialogContent size="small" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Reject Entry</DialogTitle>
          <DialogDescription>
            {entry.userName}, {entryWhen(entry)} ({entry.ndisTimeCodeDescription}). They will see your reason.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <FormField id={id} label="Reason" isRequired error={issue ?? undefined}>
            <textarea
              id={id}
              className={textareaClass}
              value={reason}
              maxLength={500}
              autoFocus
              onChange={(event) => setReason(event.target.value)}
              {...fieldAria(id, { error: issue ?? undefined, isRequired: true })}
            />
          </FormField>
          {error ? (
            <Alert variant="destructive">
              <AlertCircleIcon aria-hidden="true" />
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={isBusy}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={isBusy}>
              Reject Entry
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
