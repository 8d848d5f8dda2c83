import type { QueryClient } from '@tanstack/react-query';
import { isSignedInPage } from '@wattle/domain/auth/signed-in-pages';
import type { Team } from '@wattle/domain/teams/schemas';
import { meQueryOptions } from '@/features/auth/api';
import { prefetchCard } from '@/features/cards/prefetch-card';
import { prefetchTeamWorkItems, preloadTeamViewCode } from '@/features/team-views/prefetch-team-view';
import { teamsQueryOptions } from '@/features/teams/api';
import { resolveCurrentTenant, tenantsQuietlyQueryOptions } from '@/features/tenants/api';
import { soleStoredTenantId } from '@/features/tenants/select-tenant';
import { csrfCookieName, hasCookie } from '@/lib/http';
import { cardPagePath, matchPagePath, teamViewPagePath } from './routes/page-paths';
import { readShellData, startTenantShellReads } from './shell/shell-reads';

/**
 * Starts the first page's reads as the app's code starts to run, before the router is ready to ask
 * for them: the shell's reads (shell/shell-reads.ts), the card page's card and a team view's code and
 * work items. The router's guards and loaders then read the same queries and find them answered or
 * on their way. Issue 19: the router is ready only once all the app's code has run (about 350 ms of
 * a warm load at 4x CPU slowdown), and its reads went out only then.
 *
 * The reads need the tenant, which the guards' answers settle (`GET /api/me`, `GET /api/tenants`,
 * preloaded by the server's page), but those answers reach the page only once its code has run. So
 * where this browser has kept one person's choice of tenant, that tenant's reads that do not depend on
 * who is asking go out at once (`startTenantShellReads`: not the favourites, kept per person); the
 * answers are the session's own, whoever it is, and a guess that proves wrong (another person signed
 * in, another tenant chosen) leaves reads nobody draws from. Once the guards' answers are in, the
 * shell's other reads follow, and the page's reads for the tenant the guard will choose (by the same
 * rule) if it was not the guess.
 *
 * Only for a page behind the sign-in guard, for someone with a session (the CSRF cookie comes with
 * one). These are the app's own queries, so a failure is handled as it would be later: the guard
 * acts on a 401 of `GET /api/me` (it waits for this same read), and a 401 that comes before main.tsx
 * has set the app's 401 handler waits for it (lib/http.ts `setUnauthenticatedHandler`). The cookie is
 * asked for without blocking (`hasCookie`), so the reads go out a moment after this module has run.
 */
export async function startFirstReads(queryClient: QueryClient, pathname: string): Promise<void> {
  if (!isSignedInPage(pathname) || !(await hasCookie(csrfCookieName))) return;
  const card = matchPagePath(cardPagePath, pathname);
  const teamView = matchPagePath(teamViewPagePath, pathname);
  if (teamView?.view) void preloadTeamViewCode(teamView.view);
  const guess = soleStoredTenantId();
  if (guess) {
    const { teams, others } = startTenantShellReads(queryClient, guess);
    void Promise.allSettled([teams, ...others]);
    startPageReads(queryClient, guess, { card, teamView }, () => teams);
  }
  try {
    const [me, tenants] = await Promise.all([
      queryClient.fetchQuery(meQueryOptions()),
      queryClient.fetchQuery(tenantsQuietlyQueryOptions()),
    ]);
    // The tenant the guard will choose by the same rule (and make current, as it would).
    const tenant = resolveCurrentTenant(me.id, tenants);
    if (!tenant) return;
    void readShellData(queryClient, { me, tenant, tenants });
    if (tenant.id !== guess) {
      startPageReads(queryClient, tenant.id, { card, teamView }, () =>
        queryClient.ensureQueryData(teamsQueryOptions(tenant.id)),
      );
    }
  } catch {
    // Signed out, or the server not reached: the guards ask again and act on it.
  }
}

/** The card page's card, or a team view's work items once the teams (which name the team) are in. */
function startPageReads(
  queryClient: QueryClient,
  tenantId: string,
  { card, teamView }: { card: Record<string, string> | null; teamView: Record<string, string> | null },
  teams: () => Promise<Team[]>,
): void {
  if (card?.cardId) void prefetchCard(queryClient, tenantId, card.cardId);
  const { teamSlug, view } = teamView ?? {};
  if (teamSlug && view) {
    teams().then(
      (list) => prefetchTeamWorkItems(queryClient, { tenantId, teams: list, teamSlug, view }),
      () => undefined,
    );
  }
}
