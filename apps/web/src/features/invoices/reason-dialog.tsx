import { RejectInvoiceSchema } from '@wattle/domain/invoices/schemas';
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

/**
 * Reject or Void asks why (issue 15 parts 1 and 4): the reason is required, checked by the domain's
 * schema before anything is sent. The server's refusal is shown in the dialog and the reason typed
 * stays, so nothing is lost.
 */
export function ReasonDialog({
  title,
  description,
  confirmLabel,
  isBusy,
  error,
  onConfirm,
  onClose,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  isBusy: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [issue, setIssue] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = RejectInvoiceSchema.safeParse({ reason });
    if (!parsed.success) {
      setIssue(parsed.error.issues[0]?.message);
      return;
    }
    setIssue(undefined);
    onConfirm(parsed.data.reason);
  };

  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen || isBusy ? undefined : onClose())}>
      <DialogContent size="small">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <FormField id={id} label="Reason" isRequired error={issue}>
            <textarea
              id={id}
              className={textareaClass}
              value={reason}
              maxLength={1000}
              autoFocus
              onChange={(event) => setReason(event.target.value)}
              {...fieldAria(id, { error: issue, isRequired: true })}
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
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
