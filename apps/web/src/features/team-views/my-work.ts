import { can } from '@wattle/domain/auth/permissions';
import type { CardSummary } from '@wattle/domain/cards/schemas';
import type { Team } from '@wattle/domain/teams/schemas';

/**
 * My Work (spec shell section 2), read in one place for the routes, the sidebar and the phones'
 * bottom bar. It covers every team the person works in (issue 18 item 6), not only the first one:
 * `/my-work` lists their cards of every team whose cards they may read. "Accessible" is a team whose
 * cards the caller may read (family guardians may not, decision 0010) and that is not archived: an
 * archived team holds no work to do. `/my-teams/{teamId}/list` stays My Work in one team.
 */

type TeamAccessFacts = Pick<Team, 'id' | 'status' | 'myRole'>;

/** Whether the caller may read a team's cards (the team views and My Work need it). */
export function canReadTeamCards(team: Pick<Team, 'myRole'>): boolean {
  return can(team.myRole, 'read:cards');
}

/** The first non-archived team whose cards the caller may read, or null. */
export function myWorkTeam<T extends TeamAccessFacts>(teams: readonly T[]): T | null {
  return teams.find((team) => team.status !== 'archived' && canReadTeamCards(team)) ?? null;
}

/** Where My Work goes: the caller's work across their teams, or the inbox when they read no team's cards. */
export function myWorkPath(teams: readonly TeamAccessFacts[]): string {
  return myWorkTeam(teams) ? '/my-work' : '/inbox';
}

/** One team's share of My Work. */
export interface MyWorkGroup<T extends Pick<Team, 'id'>> {
  team: T;
  cards: CardSummary[];
}

/** Due first (soonest first), undated after them, each by its most recent change. */
function byDueDate(a: CardSummary, b: CardSummary): number {
  if (a.dueDate !== b.dueDate) {
    if (a.dueDate === null) return 1;
    if (b.dueDate === null) return -1;
    return a.dueDate < b.dueDate ? -1 : 1;
  }
  return b.updatedAt.localeCompare(a.updatedAt);
}

/**
 * The caller's cards grouped by team, in the order the teams are listed (the sidebar's), each
 * team's cards by due date. Teams without any of their cards are left out; a card of a team not
 * in the list (one the caller no longer sees) is dropped.
 */
export function groupMyWork<T extends Pick<Team, 'id'>>(
  teams: readonly T[],
  cards: readonly CardSummary[],
): MyWorkGroup<T>[] {
  const byTeam = new Map<string, CardSummary[]>();
  for (const card of cards) {
    const list = byTeam.get(card.teamId);
    if (list) list.push(card);
    else byTeam.set(card.teamId, [card]);
  }
  return teams.flatMap((team) => {
    const own = byTeam.get(team.id);
    return own ? [{ team, cards: [...own].sort(byDueDate) }] : [];
  });
}
