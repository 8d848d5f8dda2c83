import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import type { Team } from '@wattle/domain/teams/schemas';
import { teamsQueryOptions } from '@/features/teams/api';
import { useCurrentTenant } from '@/features/tenants/api';

/**
 * The team named by the route's `$teamSlug` (its slug, or its id as in /my-teams/{teamId}/list).
 * The route's loader has already checked that it exists, so this only reads the cache.
 */
export function useRouteTeam(): Team | undefined {
  const { teamSlug } = useParams({ strict: false });
  const { tenant } = useCurrentTenant();
  const { data: teams } = useSuspenseQuery(teamsQueryOptions(tenant.id));
  return teamSlug ? teams.find((team) => team.slug === teamSlug || team.id === teamSlug) : undefined;
}
