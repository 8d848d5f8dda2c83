import { can } from '@wattle/domain/auth/permissions';
import type { Team } from '@wattle/domain/teams/schemas';

/**
 * My Work (spec shell section 2: "/my-teams/{teamId}/list: my work for the first accessible team;
 * falls back to /inbox with no team"), read in one place for the route and the phones' bottom bar.
 * "Accessible" is a team whose cards the caller may read (family guardians may not, decision 0010)
 * and that is not archived: an archived team holds no work to do.
 */

type TeamAccessFacts = Pick<Team, 'id' | 'status' | 'myRole'>;

/** Whether the caller may read a team's cards (the team views and My Work need it). */
export function canReadTeamCards(team: Pick<Team, 'myRole'>): boolean {
  return can(team.myRole, 'read:cards');
}

/** The team My Work opens: the first non-archived team whose cards the caller may read, or null. */
export function myWorkTeam<T extends TeamAccessFacts>(teams: readonly T[]): T | null {
  return teams.find((team) => team.status !== 'archived' && canReadTeamCards(team)) ?? null;
}

/** Where My Work goes: that team's list of the caller's own cards, by its id, or the inbox. */
export function myWorkPath(teams: readonly TeamAccessFacts[]): string {
  const team = myWorkTeam(teams);
  return team ? `/my-teams/${team.id}/list` : '/inbox';
}
