import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { can } from '@wattle/domain/auth/permissions';
import type { Team } from '@wattle/domain/teams/schemas';
import { SlidersHorizontalIcon } from 'lucide-react';
import { CreateCareTeamButton } from '@/features/care-teams/create-care-team-button';
import { teamsQueryOptions } from '@/features/teams/api';
import { ParticipantLine } from '@/features/teams/participant-line';
import { useCurrentTenant } from '@/features/tenants/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { ScreeningExpiredBadge } from './screening-badge';

function TeamRow({ team }: { team: Team }) {
  const canManage = can(team.myRole, 'manage:team');
  const expired = team.members.filter((member) => member.screeningExpired).length;
  return (
    <li
      className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-6"
      data-testid="config-team"
    >
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex flex-wrap items-center gap-2">
          <span className="truncate font-medium">{team.name}</span>
          {team.status === 'archived' ? <Badge variant="secondary">Archived</Badge> : null}
          {expired > 0 ? <ScreeningExpiredBadge /> : null}
        </span>
        <ParticipantLine team={team} />
        <span className="text-muted-foreground text-xs">
          {team.members.length} {team.members.length === 1 ? 'member' : 'members'} ·{' '}
          {team.templates.enabled.length} {team.templates.enabled.length === 1 ? 'template' : 'templates'}
        </span>
      </span>
      <span className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" asChild>
          <Link to="/my-teams/$teamSlug/$view" params={{ teamSlug: team.slug, view: 'work-board' }}>
            Work board<span className="sr-only"> of {team.name}</span>
          </Link>
        </Button>
        {canManage ? (
          <Button size="sm" asChild>
            <Link to="/settings/teams" search={{ team: team.slug }}>
              Manage<span className="sr-only"> {team.name}</span>
            </Link>
          </Button>
        ) : null}
      </span>
    </li>
  );
}

/**
 * /teams-config (issue 13 part 6): the tenant's teams the person can see, each linking to its board
 * and, for those they may manage, to its configuration; 'Create Care Team' for those who may.
 */
export function TeamsConfigPage() {
  useDocumentTitle('Teams Configuration');
  const { tenant } = useCurrentTenant();
  const teams = useQuery(teamsQueryOptions(tenant.id));

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-2 font-semibold text-2xl tracking-tight">
            <SlidersHorizontalIcon className="size-6 text-muted-foreground" aria-hidden="true" />
            Teams Configuration
          </h1>
          <p className="mt-1 text-muted-foreground text-sm">
            The care teams of {tenant.name}: members, roles and settings.
          </p>
        </div>
        <CreateCareTeamButton />
      </div>
      {teams.isPending ? (
        <LoadingStatus>Loading teams...</LoadingStatus>
      ) : teams.isError ? (
        <LoadError
          title="Could not load the teams"
          error={teams.error}
          onRetry={() => void teams.refetch()}
        />
      ) : teams.data.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card px-6 py-10 text-center text-muted-foreground text-sm">
          There are no teams you can see in {tenant.name} yet.
        </p>
      ) : (
        <ul
          aria-label={`Teams in ${tenant.name}`}
          className="divide-y overflow-hidden rounded-xl border bg-card"
        >
          {teams.data.map((team) => (
            <TeamRow key={team.id} team={team} />
          ))}
        </ul>
      )}
    </div>
  );
}
