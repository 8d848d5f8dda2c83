import { useQueryClient } from '@tanstack/react-query';
import type { Participant } from '@wattle/domain/participants/schemas';
import { ArchiveIcon, ArchiveRestoreIcon } from 'lucide-react';
import { useState } from 'react';
import { ApiError } from '@/lib/http';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { toast } from '@/ui/toast';
import { participantKeys, useSetParticipantArchived } from './api';

/**
 * Archive or Restore (archive:participants): a participant is never deleted. Archived, they leave
 * the list (the Archived filter shows them) and cannot be changed until restored. Asks first.
 */
export function ParticipantArchiveButton({
  tenantId,
  participant,
}: {
  tenantId: string;
  participant: Participant;
}) {
  const [isConfirming, setConfirming] = useState(false);
  const mutation = useSetParticipantArchived(tenantId, participant.id);
  const queryClient = useQueryClient();
  const isArchived = participant.archivedAt !== null;

  const run = () =>
    mutation.mutate(
      { archived: !isArchived, version: participant.version },
      {
        onSuccess: () => {
          setConfirming(false);
          toast.success(isArchived ? `${participant.name} restored` : `${participant.name} archived`);
        },
        onError: (error) => {
          setConfirming(false);
          // Someone else changed them first (409): show them as they are now, to decide again.
          const current =
            error instanceof ApiError && error.code === 'CONFLICT'
              ? (error.details as { current?: Participant } | undefined)?.current
              : undefined;
          if (current) queryClient.setQueryData(participantKeys.detail(tenantId, participant.id), current);
          toast.error(
            isArchived ? 'Could not restore the participant' : 'Could not archive the participant',
            {
              description: error.message,
            },
          );
        },
      },
    );

  return (
    <>
      <Button variant="outline" onClick={() => setConfirming(true)}>
        {isArchived ? <ArchiveRestoreIcon aria-hidden="true" /> : <ArchiveIcon aria-hidden="true" />}
        {isArchived ? 'Restore' : 'Archive'}
      </Button>
      <ConfirmDialog
        open={isConfirming}
        title={isArchived ? `Restore ${participant.name}?` : `Archive ${participant.name}?`}
        description={
          isArchived
            ? 'They return to the participant list and their record can be changed again.'
            : 'They leave the participant list and their record can no longer be changed. Nothing is deleted: you can restore them at any time.'
        }
        cancelLabel="Cancel"
        isBusy={mutation.isPending}
        onKeepEditing={() => setConfirming(false)}
        testId="archive-confirm"
      >
        <Button variant={isArchived ? 'default' : 'destructive'} disabled={mutation.isPending} onClick={run}>
          {isArchived ? 'Restore' : 'Archive'}
        </Button>
      </ConfirmDialog>
    </>
  );
}
