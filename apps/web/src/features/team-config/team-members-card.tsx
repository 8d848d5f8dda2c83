import { useSuspenseQuery } from '@tanstack/react-query';
import type { TeamRole } from '@wattle/domain/auth/roles';
import type { Team, TeamMember } from '@wattle/domain/teams/schemas';
import { UserMinusIcon } from 'lucide-react';
import { useState } from 'react';
import { meQueryOptions } from '@/features/auth/api';
import { TeamRoleOptions } from '@/features/care-teams/team-role-options';
import { personInitials } from '@/lib/person-initials';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { NativeSelect } from '@/ui/native-select';
import { toast } from '@/ui/toast';
import { AddMemberForm } from './add-member-form';
import { changeMemberRole, removeMember, useTeamWrite } from './api';
import { ScreeningExpiredBadge } from './screening-badge';

function MemberRow({
  member,
  isMe,
  isBusy,
  onRoleChange,
  onRemove,
}: {
  member: TeamMember;
  isMe: boolean;
  isBusy: boolean;
  onRoleChange: (role: TeamRole) => void;
  onRemove: () => void;
}) {
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center" data-testid="team-member">
      <span className="flex min-w-0 flex-1 items-center gap-3">
        <span
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent font-semibold text-accent-foreground text-xs"
          aria-hidden="true"
        >
          {personInitials(member.name)}
        </span>
        <span className="flex min-w-0 flex-col">
          <span className="flex flex-wrap items-center gap-2">
            <span className="truncate font-medium text-sm">
              {member.name}
              {isMe ? <span className="font-normal text-muted-foreground"> (you)</span> : null}
            </span>
            {member.screeningExpired ? <ScreeningExpiredBadge /> : null}
          </span>
          <span className="truncate text-muted-foreground text-xs">{member.email}</span>
        </span>
      </span>
      <span className="flex items-center gap-2">
        <NativeSelect
          aria-label={`Role of ${member.name}`}
          wrapperClassName="w-44"
          value={member.role}
          disabled={isBusy}
          onChange={(event) => onRoleChange(event.target.value as TeamRole)}
        >
          <TeamRoleOptions />
        </NativeSelect>
        <Button type="button" variant="outline" size="sm" disabled={isBusy} onClick={onRemove}>
          <UserMinusIcon aria-hidden="true" />
          Remove<span className="sr-only"> {member.name}</span>
        </Button>
      </span>
    </li>
  );
}

/** The team's members: change a role, remove someone (their work stays), add people by e-mail. */
export function TeamMembersCard({ tenantId, team }: { tenantId: string; team: Team }) {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const roleChange = useTeamWrite(tenantId, ({ userId, role }: { userId: string; role: TeamRole }) =>
    changeMemberRole(tenantId, team.id, userId, role),
  );
  const removal = useTeamWrite(tenantId, (userId: string) => removeMember(tenantId, team.id, userId));
  const isBusy = roleChange.isPending || removal.isPending;

  function onRoleChange(member: TeamMember, role: TeamRole) {
    roleChange.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () => toast.success('Role changed', { description: `${member.name} is now ${role}.` }),
        onError: (error) => toast.error('The role was not changed', { description: error.message }),
      },
    );
  }

  function confirmRemoval() {
    if (!removing) return;
    const member = removing;
    removal.mutate(member.userId, {
      onSuccess: () => {
        setRemoving(null);
        toast.success('Member removed', { description: `${member.name} is no longer on ${team.name}.` });
      },
      onError: (error) => {
        setRemoving(null);
        toast.error('The member was not removed', { description: error.message });
      },
    });
  }

  return (
    <div className="flex flex-col gap-4">
      {team.members.length === 0 ? (
        <p className="text-muted-foreground text-sm">Nobody is on this team yet.</p>
      ) : (
        <ul aria-label={`Members of ${team.name}`} className="divide-y">
          {team.members.map((member) => (
            <MemberRow
              key={member.userId}
              member={member}
              isMe={member.userId === me.id}
              isBusy={isBusy}
              onRoleChange={(role) => onRoleChange(member, role)}
              onRemove={() => setRemoving(member)}
            />
          ))}
        </ul>
      )}
      <AddMemberForm tenantId={tenantId} team={team} />
      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Remove ${removing.name} from ${team.name}?` : 'Remove member?'}
        description="They will no longer see this team. Their work stays: the cards, comments and time they recorded keep their name."
        cancelLabel="Cancel"
        isBusy={removal.isPending}
        onKeepEditing={() => setRemoving(null)}
      >
        <Button variant="destructive" onClick={confirmRemoval} disabled={removal.isPending}>
          Remove
        </Button>
      </ConfirmDialog>
    </div>
  );
}
