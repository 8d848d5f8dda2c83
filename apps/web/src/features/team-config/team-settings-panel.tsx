import { Link } from '@tanstack/react-router';
import type { Team } from '@wattle/domain/teams/schemas';
import { ExternalLinkIcon } from 'lucide-react';
import { ParticipantLine } from '@/features/teams/participant-line';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { SectionCard as Section } from '@/ui/section-card';
import { ArchiveTeamCard } from './archive-team-card';
import { RenameTeamForm } from './rename-team-form';
import { TeamGuestsCard } from './team-guests-card';
import { TeamInvitationsCard } from './team-invitations-card';
import { TeamMembersCard } from './team-members-card';

/** Everything a team lead or tenant admin configures about one team (issue 13 part 6). */
export function TeamSettingsPanel({ tenantId, team }: { tenantId: string; team: Team }) {
  return (
    <div className="flex flex-col gap-4" data-testid="team-settings">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 className="flex flex-wrap items-center gap-2 font-semibold text-xl">
            {team.name}
            {team.status === 'archived' ? <Badge variant="secondary">Archived</Badge> : null}
          </h2>
          <ParticipantLine team={team} as="p" />
        </div>
        <Button variant="outline" size="sm" asChild>
          <Link to="/my-teams/$teamSlug/$view" params={{ teamSlug: team.slug, view: 'work-board' }}>
            Open work board
            <ExternalLinkIcon aria-hidden="true" />
          </Link>
        </Button>
      </div>
      <Section title="Rename team">
        <RenameTeamForm key={team.id} tenantId={tenantId} team={team} />
      </Section>
      <Section
        title="Members"
        description="Change someone's role, remove them (their work stays), or add people."
      >
        <TeamMembersCard tenantId={tenantId} team={team} />
      </Section>
      <Section title="Pending invitations" description="People invited who have not accepted yet.">
        <TeamInvitationsCard tenantId={tenantId} team={team} />
      </Section>
      <Section
        title="Shared with guests"
        description="Guests of your organisation see only the teams shared with them."
      >
        <TeamGuestsCard tenantId={tenantId} team={team} />
      </Section>
      <Section title={team.status === 'archived' ? 'Bring back' : 'Archive'}>
        <ArchiveTeamCard tenantId={tenantId} team={team} />
      </Section>
    </div>
  );
}
