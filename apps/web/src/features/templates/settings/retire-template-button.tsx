import { useMutation } from '@tanstack/react-query';
import { ArchiveIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/ui/button';
import { ConfirmDialog, ConfirmDialogAction } from '@/ui/confirm-dialog';
import { toast } from '@/ui/toast';

/**
 * Retire, after a confirmation that says what retiring means: for an organisation's own template
 * (/settings/templates) and for a published one (/templates-rules). The confirmation closes with the
 * server's answer; success and failure are told in a toast.
 */
export function RetireTemplateButton<T>({
  name,
  consequence,
  retire,
  onRetired,
}: {
  name: string;
  /** What retiring does, in the confirmation. */
  consequence: string;
  retire: () => Promise<T>;
  onRetired: (answer: T) => void;
}) {
  const [isConfirming, setConfirming] = useState(false);
  const mutation = useMutation({
    mutationFn: retire,
    onSuccess: (answer) => {
      setConfirming(false);
      toast.success('Template retired', {
        description: `${name} takes no new cards. Existing cards keep it.`,
      });
      onRetired(answer);
    },
    onError: (error) => {
      setConfirming(false);
      toast.error('Could not retire the template', { description: error.message });
    },
  });
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
        <ArchiveIcon aria-hidden="true" />
        Retire
      </Button>
      <ConfirmDialog
        open={isConfirming}
        title={`Retire ${name}?`}
        description={consequence}
        onKeepEditing={() => setConfirming(false)}
        cancelLabel="Cancel"
        isBusy={mutation.isPending}
      >
        <ConfirmDialogAction asChild>
          <Button
            variant="destructive"
            onClick={(event) => {
              event.preventDefault();
              mutation.mutate();
            }}
          >
            Retire template
          </Button>
        </ConfirmDialogAction>
      </ConfirmDialog>
    </>
  );
}
