import type { QueryClient } from '@tanstack/react-query';
import { isSignedInPage } from '@wattle/domain/auth/signed-in-pages';
import { readMeAhead } from '@/features/auth/api';
import { prefetchCard } from '@/features/cards/prefetch-card';
import { prefetchTeamWorkItems, preloadTeamViewCode } from '@/features/team-views/prefetch-team-view';
import { teamsQueryOptions } from '@/features/teams/api';
import { resolveCurrentTenant, tenantsQuietlyQueryOptions } from '@/features/tenants/api';
import { csrfCookieName, readCookie } from '@/lib/http';
import { cardPagePath, matchPagePath, teamViewPagePath } from './routes/page-paths';
import { readShellData } from './shell/shell-reads';

/**
 * Starts the first page's reads as the app's code starts to run, before the router is ready to ask
 * for them: the guards' (who is signed in, their tenants), then the shell's, the card page's card and
 * a team view's code and work items.
 * The router's guards and loaders then read the same queries and find them answered or on their way.
 * Issue 19: the router is ready only once all the app's code has run (about 350 ms of a warm load
 * at 4x CPU slowdown), and its reads went out only then, while the guards' two answers (preloaded
 * by the server's page) had been waiting since before that code began.
 *
 * Only for a page behind the sign-in guard, for someone with a session (the CSRF cookie comes with
 * one). Nothing here redirects or reports: a read that fails is asked again by the guard or the
 * page, which act on its answer as before. Settles when the reads have been started.
 */
export async function startFirstReads(queryClient: QueryClient, pathname: string): Promise<void> {
  if (!isSignedInPage(pathname) || readCookie(csrfCookieName) === null) return;
  const teamView = matchPagePath(teamViewPagePath, pathname);
  if (teamView?.view) void preloadTeamViewCode(teamView.view);
  try {
    const [me, tenants] = await Promise.all([
      readMeAhead(queryClient),
      queryClient.fetchQuery(tenantsQuietlyQueryOptions()),
    ]);
    // The tenant the guard will choose by the same rule (and make current, as it would).
    const tenant = resolveCurrentTenant(me.id, tenants);
    if (!tenant) return;
    void readShellData(queryClient, { me, tenant, tenants });
    const card = matchPagePath(cardPagePath, pathname);
    if (card?.cardId) void prefetchCard(queryClient, tenant.id, card.cardId);
    const { teamSlug, view } = teamView ?? {};
    if (teamSlug && view) {
      // The shell's read of the teams, which names the team.
      const teams = await queryClient.ensureQueryData(teamsQueryOptions(tenant.id));
      prefetchTeamWorkItems(queryClient, { tenantId: tenant.id, teams, teamSlug, view });
    }
  } catch {
    // Signed out, or the server not reached: the guards ask again and act on it.
  }
}
