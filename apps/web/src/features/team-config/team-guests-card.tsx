import { useQuery } from '@tanstack/react-query';
import type { Team } from '@wattle/domain/teams/schemas';
import { Label } from '@/ui/label';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { Switch } from '@/ui/switch';
import { toast } from '@/ui/toast';
import { shareTeam, teamSharesQueryOptions, unshareTeam, useTeamWrite } from './api';

/**
 * Sharing the team with the organisation's guests (members with the guest role see only the teams
 * shared with them): one switch per guest.
 */
export function TeamGuestsCard({ tenantId, team }: { tenantId: string; team: Team }) {
  const guests = useQuery(teamSharesQueryOptions(tenantId, team.id));
  const toggle = useTeamWrite(tenantId, ({ userId, isShared }: { userId: string; isShared: boolean }) =>
    isShared ? shareTeam(tenantId, team.id, userId) : unshareTeam(tenantId, team.id, userId),
  );

  if (guests.isPending) return <LoadingStatus>Loading guests...</LoadingStatus>;
  if (guests.isError) {
    return (
      <LoadError
        title="Could not load the guests"
        error={guests.error}
        onRetry={() => void guests.refetch()}
      />
    );
  }
  if (guests.data.length === 0) {
    return (
      <p className="text-muted-foreground text-sm">
        Your organisation has no guests to share this team with.
      </p>
    );
  }

  return (
    <ul aria-label="Guests" className="divide-y">
      {guests.data.map((guest) => {
        const switchId = `share-${team.id}-${guest.userId}`;
        const isChanging = toggle.isPending && toggle.variables?.userId === guest.userId;
        return (
          <li key={guest.userId} className="flex items-center justify-between gap-3 py-3">
            <span className="flex min-w-0 flex-col">
              <Label htmlFor={switchId} className="font-medium">
                {guest.name}
              </Label>
              <span className="truncate text-muted-foreground text-xs">{guest.email}</span>
            </span>
            <Switch
              id={switchId}
              checked={isChanging ? Boolean(toggle.variables?.isShared) : guest.isShared}
              disabled={toggle.isPending}
              aria-label={`Share ${team.name} with ${guest.name}`}
              onCheckedChange={(isShared) =>
                toggle.mutate(
                  { userId: guest.userId, isShared },
                  {
                    onSuccess: () =>
                      toast.success(isShared ? 'Team shared' : 'Sharing stopped', {
                        description: isShared
                          ? `${guest.name} can now see ${team.name}.`
                          : `${guest.name} no longer sees ${team.name}.`,
                      }),
                    onError: (error) =>
                      toast.error('Sharing was not changed', { description: error.message }),
                  },
                )
              }
            />
          </li>
        );
      })}
    </ul>
  );
}
