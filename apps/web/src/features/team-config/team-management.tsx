import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { can } from '@wattle/domain/auth/permissions';
import { UsersIcon } from 'lucide-react';
import { useId } from 'react';
import { teamsQueryOptions } from '@/features/teams/api';
import { useCurrentTenant } from '@/features/tenants/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Label } from '@/ui/label';
import { NativeSelect } from '@/ui/native-select';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { TeamSettingsPanel } from './team-settings-panel';

export type TeamManagementPath = '/settings/teams' | '/settings/team-config';

/**
 * /settings/teams and /settings/team-config (issue 13 part 6): the same management of one team at a
 * time, for the teams the person may manage (team leads their teams, tenant admins every team). The
 * chosen team is in the address (`?team=<slug>`), so /teams-config can link to it.
 */
export function TeamManagement({
  title,
  description,
  path,
}: {
  title: string;
  description: string;
  path: TeamManagementPath;
}) {
  useDocumentTitle(title);
  const { tenant } = useCurrentTenant();
  const teams = useQuery(teamsQueryOptions(tenant.id));
  const search = useSearch({ strict: false }) as { team?: string };
  const navigate = useNavigate();
  const id = useId();
  const manageable = (teams.data ?? []).filter((team) => can(team.myRole, 'manage:team'));
  const selected =
    manageable.find((team) => team.slug === search.team || team.id === search.team) ?? manageable[0] ?? null;

  return (
    <div className="flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="flex items-center gap-2 font-semibold text-2xl tracking-tight">
          <UsersIcon className="size-6 text-muted-foreground" aria-hidden="true" />
          {title}
        </h1>
        <p className="mt-1 text-muted-foreground text-sm">{description}</p>
      </div>
      {teams.isPending ? (
        <LoadingStatus>Loading teams...</LoadingStatus>
      ) : teams.isError ? (
        <LoadError
          title="Could not load the teams"
          error={teams.error}
          onRetry={() => void teams.refetch()}
        />
      ) : !selected ? (
        <p className="rounded-xl border border-dashed bg-card px-6 py-10 text-center text-muted-foreground text-sm">
          You do not manage any team in {tenant.name}. Team leads and organisation admins manage teams here.
        </p>
      ) : (
        <>
          <div className="flex flex-col gap-1.5 sm:max-w-sm">
            <Label htmlFor={`${id}-team`}>Team</Label>
            <NativeSelect
              id={`${id}-team`}
              value={selected.id}
              onChange={(event) => {
                const team = manageable.find((candidate) => candidate.id === event.target.value);
                if (team) void navigate({ to: path, search: { team: team.slug }, replace: true });
              }}
            >
              {manageable.map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                  {team.status === 'archived' ? ' (archived)' : ''}
                </option>
              ))}
            </NativeSelect>
          </div>
          <TeamSettingsPanel key={selected.id} tenantId={tenant.id} team={selected} />
        </>
      )}
    </div>
  );
}

export function TeamManagementSettingsPage() {
  return (
    <TeamManagement
      title="Team Management"
      description="Rename teams, set members' roles, invite people, share with guests and archive."
      path="/settings/teams"
    />
  );
}

export function TeamConfigSettingsPage() {
  return (
    <TeamManagement
      title="Team Configuration"
      description="Each team's name, members and their roles, invitations, guests and archiving."
      path="/settings/team-config"
    />
  );
}
