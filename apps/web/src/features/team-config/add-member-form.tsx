import type { TeamRole } from '@wattle/domain/auth/roles';
import { careTeamMessages, InviteEmailSchema, isEmailAlreadyAdded } from '@wattle/domain/care-teams/schemas';
import type { Team } from '@wattle/domain/teams/schemas';
import { Loader2Icon, UserPlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { TeamRoleOptions } from '@/features/care-teams/team-role-options';
import { newMemberRole } from '@/features/care-teams/wizard-draft';
import { InviteLinkField } from '@/features/invitations/invite-link-field';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { NativeSelect } from '@/ui/native-select';
import { toast } from '@/ui/toast';
import { type AddTeamMemberResult, addTeamMember, useTeamWrite } from './api';

/**
 * 'Add member' by e-mail and role: someone with an account in the organisation joins at once; anyone
 * else is invited (and, with no e-mail server, the link to pass on is shown here).
 */
export function AddMemberForm({ tenantId, team }: { tenantId: string; team: Team }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>(newMemberRole);
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<{ email: string; url: string } | null>(null);
  const add = useTeamWrite(tenantId, (member: { email: string; role: TeamRole }) =>
    addTeamMember(tenantId, team.id, member),
  );

  function submit() {
    setLink(null);
    const parsed = InviteEmailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? careTeamMessages.email);
      return;
    }
    if (isEmailAlreadyAdded(team.members, parsed.data)) {
      setError(careTeamMessages.duplicateEmail);
      return;
    }
    setError(null);
    add.mutate(
      { email: parsed.data, role },
      {
        onSuccess: (answer) => {
          const result = answer as AddTeamMemberResult;
          setEmail('');
          setRole(newMemberRole);
          if (result.addedMember) {
            toast.success('Member added', {
              description: `${result.addedMember.email} joined as ${result.addedMember.role}.`,
            });
          } else if (result.invitation) {
            toast.success(result.invitation.emailed ? 'Invitation sent' : 'Invitation created', {
              description: `${result.invitation.email} is invited as ${result.invitation.role}.`,
            });
            if (result.invitation.inviteUrl)
              setLink({ email: result.invitation.email, url: result.invitation.inviteUrl });
          }
        },
        onError: (failure) => setError(failure.message),
      },
    );
  }

  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-2 rounded-lg border bg-muted/30 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h3 id={`${id}-title`} className="font-medium text-sm">
        Add member
      </h3>
      <div className="grid gap-2 sm:grid-cols-[1fr_11rem_auto] sm:items-end">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            placeholder="name@example.com"
            value={email}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-role`}>Role</Label>
          <NativeSelect
            id={`${id}-role`}
            value={role}
            onChange={(event) => setRole(event.target.value as TeamRole)}
          >
            <TeamRoleOptions />
          </NativeSelect>
        </div>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <UserPlusIcon aria-hidden="true" />
          )}
          Add member
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
      {link ? (
        <div className="flex flex-col gap-1.5" data-testid="invite-link">
          <p className="text-sm">No e-mail server is set up: send {link.email} this link.</p>
          <InviteLinkField url={link.url} label={`Invite link for ${link.email}`} />
        </div>
      ) : null}
    </form>
  );
}
