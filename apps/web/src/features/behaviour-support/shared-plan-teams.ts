import { can } from '@wattle/domain/auth/permissions';
import type { Team } from '@wattle/domain/teams/schemas';

/**
 * The teams where the caller reads only the plans shared with family (read:shared-plans without
 * read:cards: a family guardian, or a guest shared the team), from the permissions table, as the
 * server decides what they may open (decisions 0010 and 0025). Their sidebar lists those plans.
 */
export function sharedPlanTeams<T extends Pick<Team, 'myRole' | 'status'>>(teams: readonly T[]): T[] {
  return teams.filter(
    (team) =>
      team.status === 'active' && can(team.myRole, 'read:shared-plans') && !can(team.myRole, 'read:cards'),
  );
}
