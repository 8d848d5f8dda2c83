import type { CareTeamResult } from '@wattle/domain/care-teams/schemas';
import { ArrowRightIcon } from 'lucide-react';
import { InviteLinkField } from '@/features/invitations/invite-link-field';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/ui/dialog';

/** The invitations of a new team whose link must be passed on by hand (none was e-mailed). */
export function invitationsToShare(result: CareTeamResult) {
  return result.invitations.filter((invitation) => invitation.inviteUrl !== null);
}

/**
 * After Create Team, when no SMTP server is configured: the invite links to copy and pass on, before
 * going to the new team.
 */
export function CareTeamCreatedDialog({
  result,
  onOpenTeam,
}: {
  result: CareTeamResult;
  onOpenTeam: () => void;
}) {
  const links = invitationsToShare(result);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onOpenTeam())}>
      <DialogContent size="medium">
        <DialogHeader>
          <DialogTitle>Share the invite links</DialogTitle>
          <DialogDescription>
            {result.team.name} is ready. No e-mail server is set up, so send each person their link: it works
            once, for 14 days, after they sign in with the invited e-mail.
          </DialogDescription>
        </DialogHeader>
        <ul aria-label="Invite links" className="flex flex-col gap-4">
          {links.map((invitation) => (
            <li key={invitation.id} className="flex flex-col gap-2" data-testid="invite-link">
              <span className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-medium">{invitation.name}</span>
                <span className="text-muted-foreground">{invitation.email}</span>
                <Badge variant="outline">{invitation.role}</Badge>
              </span>
              <InviteLinkField
                url={invitation.inviteUrl ?? ''}
                label={`Invite link for ${invitation.email}`}
              />
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button type="button" onClick={onOpenTeam}>
            Go to {result.team.name}
            <ArrowRightIcon aria-hidden="true" />
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
