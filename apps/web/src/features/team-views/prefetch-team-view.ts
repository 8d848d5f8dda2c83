import type { QueryClient } from '@tanstack/react-query';
import type { Team } from '@wattle/domain/teams/schemas';
import { canReadTeamCards } from './my-work';
import { isTeamView, teamViewParts } from './team-view-parts';
import { workItemsQueryOptions } from './work-items-query';

/**
 * What a team view draws is started before its page's code has arrived and drawn (issue 19: a board
 * of 10,000 cards asked for its cards only once two chunks had arrived): the team view route's loader
 * calls these, and the first reads (app/first-reads.ts) before the router is ready.
 */

/** The team a team page's path names: by slug, or by id as in My Work. */
export function findTeam<T extends Pick<Team, 'slug' | 'id'>>(
  teams: readonly T[] | undefined,
  slugOrId: string,
) {
  return teams?.find((candidate) => candidate.slug === slugOrId || candidate.id === slugOrId);
}

/**
 * Fetches the view's own code (the board's carries dnd-kit), which the page would ask for only once
 * the work items had arrived. Never rejects: a failure shows where the view goes, when the page
 * draws it.
 */
export function preloadTeamViewCode(view: string): Promise<unknown> | undefined {
  return isTeamView(view) ? teamViewParts[view].preload().catch(() => undefined) : undefined;
}

/** Starts reading the team's work items, unless the person may not read the team's cards. */
export function prefetchTeamWorkItems(
  queryClient: QueryClient,
  {
    tenantId,
    teams,
    teamSlug,
    view,
  }: { tenantId: string; teams: readonly Team[] | undefined; teamSlug: string; view: string },
): void {
  const team = findTeam(teams, teamSlug);
  if (!team || !canReadTeamCards(team)) return;
  // My Work in one team is the list on the team's id (team-view-page.tsx, isMyWorkRoute).
  const mine = view === 'list' && teamSlug === team.id;
  void queryClient.prefetchQuery(workItemsQueryOptions(tenantId, team.id, mine));
}
