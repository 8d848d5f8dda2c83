import type { Team } from '@wattle/domain/teams/schemas';
import { ArchiveIcon, ArchiveRestoreIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { toast } from '@/ui/toast';
import { updateTeam, useRememberTeam, useTeamWrite } from './api';
import { currentTeamOfConflict, isConflict, teamConflictMessage } from './conflict';

/** Archive team (its work stays readable) or Bring back an archived one, after a confirmation. */
export function ArchiveTeamCard({ tenantId, team }: { tenantId: string; team: Team }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const remember = useRememberTeam(tenantId);
  const isArchived = team.status === 'archived';
  const change = useTeamWrite(tenantId, (status: Team['status']) =>
    updateTeam(tenantId, team.id, { version: team.version, status }),
  );

  function confirm() {
    change.mutate(isArchived ? 'active' : 'archived', {
      onSuccess: () => {
        setIsConfirming(false);
        toast.success(isArchived ? 'Team brought back' : 'Team archived', {
          description: isArchived
            ? `${team.name} is active again.`
            : `${team.name} is archived; its work stays readable.`,
        });
      },
      onError: async (error) => {
        setIsConfirming(false);
        if (isConflict(error)) {
          await remember(currentTeamOfConflict(error) ?? undefined);
          toast.error('The team was not changed', { description: teamConflictMessage });
          return;
        }
        toast.error('The team was not changed', { description: error.message });
      },
    });
  }

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-muted-foreground text-sm">
        {isArchived
          ? 'This team is archived: it is kept with all its work, read-only. Bring it back to work in it again.'
          : 'Archiving keeps the team and all its work, read-only, and takes it out of daily use.'}
      </p>
      <Button
        type="button"
        variant={isArchived ? 'default' : 'outline'}
        onClick={() => setIsConfirming(true)}
      >
        {isArchived ? <ArchiveRestoreIcon aria-hidden="true" /> : <ArchiveIcon aria-hidden="true" />}
        {isArchived ? 'Bring back' : 'Archive team'}
      </Button>
      <ConfirmDialog
        open={isConfirming}
        title={isArchived ? `Bring back ${team.name}?` : `Archive ${team.name}?`}
        description={
          isArchived
            ? 'The team becomes active again and its members can work in it.'
            : 'Its members keep read access to its work, but the team leaves daily use. You can bring it back later.'
        }
        cancelLabel="Cancel"
        isBusy={change.isPending}
        onKeepEditing={() => setIsConfirming(false)}
      >
        <Button
          variant={isArchived ? 'default' : 'destructive'}
          onClick={confirm}
          disabled={change.isPending}
        >
          {isArchived ? 'Bring back' : 'Archive team'}
        </Button>
      </ConfirmDialog>
    </div>
  );
}
