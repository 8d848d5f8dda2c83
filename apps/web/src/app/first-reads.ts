import type { QueryClient } from '@tanstack/react-query';
import { isSignedInPage } from '@wattle/domain/auth/signed-in-pages';
import { readMeAhead } from '@/features/auth/api';
import { prefetchCard } from '@/features/cards/prefetch-card';
import { resolveCurrentTenant, tenantsQuietlyQueryOptions } from '@/features/tenants/api';
import { csrfCookieName, readCookie } from '@/lib/http';
import { cardPagePath, matchPagePath } from './routes/page-paths';
import { readShellData } from './shell/shell-reads';

/**
 * Starts the first page's reads as the app's code starts to run, before the router is ready to ask
 * for them: the guards' (who is signed in, their tenants), then the shell's, and the card page's card.
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
  } catch {
    // Signed out, or the server not reached: the guards ask again and act on it.
  }
}
