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
 * A plan step that needs a few words (send back with a reason, start a new version with what it
 * changes). The text is required; the server's refusal shows in the dialog and what was typed stays.
 */
export function TextStepDialog({
  title,
  description,
  label,
  emptyMessage,
  confirmLabel,
  isBusy,
  error,
  onConfirm,
  onClose,
}: {
  title: string;
  description: string;
  label: string;
  emptyMessage: string;
  confirmLabel: string;
  isBusy: boolean;
  error: string | null;
  onConfirm: (text: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [issue, setIssue] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setIssue(emptyMessage);
      return;
    }
    setIssue(undefined);
    onConfirm(text.trim());
  };
  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen || isBusy ? undefined : onClose())}>
      <DialogContent size="small">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <FormField id={id} label={label} isRequired error={issue}>
            <textarea
              id={id}
              className={textareaClass}
              value={text}
              maxLength={2000}
              onChange={(event) => setText(event.target.value)}
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
            <Button type="submit" disabled={isBusy}>
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
