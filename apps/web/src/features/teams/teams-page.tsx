import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Team } from '@wattle/domain/teams/schemas';
import { LayoutGridIcon, ListIcon, UsersIcon } from 'lucide-react';
import { meQueryOptions } from '@/features/auth/api';
import { CreateCareTeamButton } from '@/features/care-teams/create-care-team-button';
import { ScreeningExpiredBadge } from '@/features/team-config/screening-badge';
import { useCurrentTenant } from '@/features/tenants/api';
import { cn } from '@/lib/cn';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Badge } from '@/ui/badge';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { teamsQueryOptions } from './api';
import { ParticipantLine } from './participant-line';

/**
 * /teams and /teams/list (spec shell section 2, "Team lists"): the teams of the current tenant the
 * user may see, as cards or as a list, each opening its work board. /my-teams (issue 18): only the
 * teams the person works in (their memberships; for a guest, the teams shared with them).
 */

function memberCount(team: Team): string {
  return `${team.members.length} ${team.members.length === 1 ? 'member' : 'members'}`;
}

function TeamLink({ team, layout }: { team: Team; layout: 'grid' | 'list' }) {
  return (
    <Link
      to="/my-teams/$teamSlug/$view"
      params={{ teamSlug: team.slug, view: 'work-board' }}
      data-testid="team-card"
      className={cn(
        'flex w-full items-center gap-3 bg-card outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
        layout === 'grid' ? 'rounded-xl border p-4 shadow-xs' : 'px-4 py-3 sm:px-6',
      )}
    >
      <span
        className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground"
        aria-hidden="true"
      >
        <UsersIcon className="size-5" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium">{team.name}</span>
          {team.status === 'archived' ? <Badge variant="secondary">Archived</Badge> : null}
          {team.members.some((member) => member.screeningExpired) ? <ScreeningExpiredBadge /> : null}
        </span>
        <ParticipantLine team={team} linked={false} />
        <span className="text-muted-foreground text-xs">{memberCount(team)}</span>
      </span>
    </Link>
  );
}

/** The teams the person works in: those they are a member of; a guest's are all shared with them. */
export function teamsWorkedIn(teams: readonly Team[], userId: string, tenantRole: string | null): Team[] {
  if (tenantRole === 'guest') return [...teams];
  return teams.filter((team) => team.members.some((member) => member.userId === userId));
}

export function TeamsPage({ layout = 'grid', mine = false }: { layout?: 'grid' | 'list'; mine?: boolean }) {
  useDocumentTitle(mine ? 'My Teams' : 'Teams');
  const { tenant } = useCurrentTenant();
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const teams = useQuery(teamsQueryOptions(tenant.id));
  const shown = teams.data && (mine ? teamsWorkedIn(teams.data, me.id, tenant.role) : teams.data);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-semibold text-2xl tracking-tight">{mine ? 'My Teams' : 'Teams'}</h1>
          <p className="mt-1 text-muted-foreground text-sm">
            {mine
              ? `The care teams you work in at ${tenant.name}.`
              : `The care teams you can see in ${tenant.name}.`}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {mine ? (
            <Link to="/teams" className="font-medium text-sm underline underline-offset-4">
              All teams
            </Link>
          ) : (
            <CreateCareTeamButton />
          )}
          {mine ? null : (
            <nav aria-label="Team list layout" className="flex rounded-lg border bg-card p-0.5">
              <Link
                to="/teams"
                activeOptions={{ exact: true }}
                className="flex items-center gap-1.5 rounded-md px-2.5 py-1 text-muted-foreground text-sm aria-[current=page]:bg-accent aria-[current=page]:text-accent-foreground"
              >
                <LayoutGridIcon className="size-4" aria-hidden="true" />
                Cards
              </Link>
              <Link
                to="/teams/list"
                className="flex items-center gap-1.5 rounded-md px-2.5 py-1 text-muted-foreground text-sm aria-[current=page]:bg-accent aria-[current=page]:text-accent-foreground"
              >
                <ListIcon className="size-4" aria-hidden="true" />
                List
              </Link>
            </nav>
          )}
        </div>
      </div>

      {teams.isPending ? (
        <LoadingStatus>Loading teams...</LoadingStatus>
      ) : teams.isError ? (
        <LoadError
          title="Could not load the teams"
          error={teams.error}
          onRetry={() => void teams.refetch()}
        />
      ) : !shown || shown.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card px-6 py-10 text-center text-muted-foreground text-sm">
          {mine
            ? `You do not work in any team in ${tenant.name} yet.`
            : `You are not on any team in ${tenant.name} yet.`}
        </p>
      ) : (
        <ul
          aria-label={`Teams in ${tenant.name}`}
          className={
            layout === 'grid'
              ? 'grid gap-3 sm:grid-cols-2 xl:grid-cols-3'
              : 'divide-y overflow-hidden rounded-xl border'
          }
        >
          {shown.map((team) => (
            <li key={team.id} className="flex">
              <TeamLink team={team} layout={layout} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function TeamsListPage() {
  return <TeamsPage layout="list" />;
}

export function MyTeamsPage() {
  return <TeamsPage layout="list" mine />;
}
