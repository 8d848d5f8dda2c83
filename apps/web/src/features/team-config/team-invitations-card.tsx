import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamInvitation } from '@wattle/domain/care-teams/schemas';
import type { Team } from '@wattle/domain/teams/schemas';
import { Loader2Icon, RotateCwIcon, XCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { InviteLinkField } from '@/features/invitations/invite-link-field';
import { formatDay } from '@/features/invitations/invite-state';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { toast } from '@/ui/toast';
import { resendInvitation, revokeInvitation, teamConfigKeys, teamInvitationsQueryOptions } from './api';

function InvitationRow({
  invitation,
  link,
  isBusy,
  isResending,
  onResend,
  onRevoke,
}: {
  invitation: TeamInvitation;
  link: string | null;
  isBusy: boolean;
  isResending: boolean;
  onResend: () => void;
  onRevoke: () => void;
}) {
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="team-invitation">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex flex-wrap items-center gap-2">
            <span className="truncate font-medium text-sm">{invitation.name}</span>
            <Badge variant="outline">{invitation.role}</Badge>
            <Badge variant="secondary">{invitation.status}</Badge>
          </span>
          <span className="truncate text-muted-foreground text-xs">{invitation.email}</span>
          <span className="text-muted-foreground text-xs">
            Sent {formatDay(invitation.lastSentAt ?? invitation.createdAt)} · Expires{' '}
            {formatDay(invitation.expiresAt)}
          </span>
        </span>
        <span className="flex items-center gap-2">
          <Button type="button" variant="outline" size="sm" disabled={isBusy} onClick={onResend}>
            {isResending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <RotateCwIcon aria-hidden="true" />
            )}
            Resend<span className="sr-only"> the invitation to {invitation.email}</span>
          </Button>
          <Button type="button" variant="outline" size="sm" disabled={isBusy} onClick={onRevoke}>
            <XCircleIcon aria-hidden="true" />
            Revoke<span className="sr-only"> the invitation to {invitation.email}</span>
          </Button>
        </span>
      </div>
      {link ? (
        <div className="flex flex-col gap-1.5" data-testid="invite-link">
          <p className="text-sm">
            A new link was made (the old one no longer works). Send it to {invitation.email}:
          </p>
          <InviteLinkField url={link} label={`Invite link for ${invitation.email}`} />
        </div>
      ) : null}
    </li>
  );
}

/** Pending invitations of the team: role, status, when sent and until when; Resend and Revoke. */
export function TeamInvitationsCard({ tenantId, team }: { tenantId: string; team: Team }) {
  const queryClient = useQueryClient();
  const invitations = useQuery(teamInvitationsQueryOptions(tenantId, team.id));
  const [links, setLinks] = useState<Record<string, string>>({});
  const [revoking, setRevoking] = useState<TeamInvitation | null>(null);
  const key = teamConfigKeys.invitations(tenantId, team.id);

  const resend = useMutation({
    mutationFn: (invitation: TeamInvitation) => resendInvitation(tenantId, invitation.id),
    onSuccess: async (updated) => {
      // The answer is the only place the new link appears; the list itself never carries one.
      queryClient.setQueryData<TeamInvitation[]>(key, (list) =>
        list?.map((candidate) => (candidate.id === updated.id ? { ...updated, inviteUrl: null } : candidate)),
      );
      setLinks((current) => {
        const { [updated.id]: _old, ...rest } = current;
        return updated.inviteUrl ? { ...rest, [updated.id]: updated.inviteUrl } : rest;
      });
      toast.success(updated.emailed ? 'Invitation sent again' : 'New invite link made', {
        description: updated.emailed
          ? `${updated.email} has a new e-mail with a new link.`
          : `Copy the new link for ${updated.email}.`,
      });
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => toast.error('The invitation was not resent', { description: error.message }),
  });

  const revoke = useMutation({
    mutationFn: (invitation: TeamInvitation) => revokeInvitation(tenantId, invitation.id),
    onSuccess: async (_answer, invitation) => {
      setRevoking(null);
      queryClient.setQueryData<TeamInvitation[]>(key, (list) =>
        list?.filter((candidate) => candidate.id !== invitation.id),
      );
      toast.success('Invitation revoked', {
        description: `The link sent to ${invitation.email} no longer works.`,
      });
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => {
      setRevoking(null);
      toast.error('The invitation was not revoked', { description: error.message });
    },
  });

  const isBusy = resend.isPending || revoke.isPending;
  const pending = (invitations.data ?? []).filter((invitation) => invitation.status === 'pending');

  return (
    <>
      {invitations.isPending ? (
        <LoadingStatus>Loading invitations...</LoadingStatus>
      ) : invitations.isError ? (
        <LoadError
          title="Could not load the invitations"
          error={invitations.error}
          onRetry={() => void invitations.refetch()}
        />
      ) : pending.length === 0 ? (
        <p className="text-muted-foreground text-sm">No invitations are waiting to be accepted.</p>
      ) : (
        <ul aria-label={`Pending invitations of ${team.name}`} className="divide-y">
          {pending.map((invitation) => (
            <InvitationRow
              key={invitation.id}
              invitation={invitation}
              link={links[invitation.id] ?? null}
              isBusy={isBusy}
              isResending={resend.isPending && resend.variables?.id === invitation.id}
              onResend={() => resend.mutate(invitation)}
              onRevoke={() => setRevoking(invitation)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={revoking ? `Revoke the invitation to ${revoking.email}?` : 'Revoke the invitation?'}
        description="Their link will stop working. You can invite them again later."
        cancelLabel="Cancel"
        isBusy={revoke.isPending}
        onKeepEditing={() => setRevoking(null)}
      >
        <Button
          variant="destructive"
          onClick={() => revoking && revoke.mutate(revoking)}
          disabled={revoke.isPending}
        >
          Revoke
        </Button>
      </ConfirmDialog>
    </>
  );
}
