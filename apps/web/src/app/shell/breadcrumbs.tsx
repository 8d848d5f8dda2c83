import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import type { Card } from '@wattle/domain/cards/schemas';
import { ChevronRightIcon } from 'lucide-react';
import { Fragment, useSyncExternalStore } from 'react';
import { FavoriteToggle } from '@/features/favorites/favorite-toggle';
import { teamsQueryOptions } from '@/features/teams/api';
import { useCurrentTenant } from '@/features/tenants/api';
import { breadcrumbTrail } from './breadcrumb-trail';
import { iconNameForPath } from './nav-icons';

/**
 * The breadcrumbs bar above each page (spec shell section 2): the trail with the spec's labels and the
 * favourite toggle, which pins the current page to the sidebar's Favourites.
 */
/** A query's data as the cache holds it, watched but never fetched (no key: nothing). */
function useCachedData<T>(queryKey: readonly unknown[] | false | '' | undefined): T | undefined {
  const queryClient = useQueryClient();
  const read = () => (queryKey ? queryClient.getQueryData<T>(queryKey) : undefined);
  // The server's first paint (entry-server.tsx) reads the same cache.
  return useSyncExternalStore((onChange) => queryClient.getQueryCache().subscribe(onChange), read, read);
}

export function Breadcrumbs() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { tenant } = useCurrentTenant();
  const teams = useQuery(teamsQueryOptions(tenant.id));
  const cardId = /\/card\/([^/]+)$/.exec(pathname)?.[1];
  // The card page loads its card under this key (features/cards/api.ts); read here, never fetched here,
  // so the shell carries no card code. Watching the cache re-renders the trail once the card arrives.
  const card = useCachedData<Card>(cardId && ['cards', tenant.id, 'detail', cardId]);
  const participantId = /^\/participants\/([^/]+)/.exec(pathname)?.[1];
  // Likewise the participant pages' record (features/participants/api.ts participantKeys.detail).
  const participant = useCachedData<{ id: string; name: string }>(
    participantId && ['participants', tenant.id, 'detail', participantId],
  );
  const invoiceId = /^\/invoices\/([^/]+)$/.exec(pathname)?.[1];
  // And the invoice detail's record (features/invoices/invoice-keys.ts invoiceKeys.detail).
  const invoice = useCachedData<{ id: string; invoiceNumber: string }>(
    invoiceId && ['invoices', tenant.id, 'detail', invoiceId],
  );
  const planId = /\/bsp\/([^/]+)(?:\/edit)?$/.exec(pathname)?.[1];
  // And the plan overview's record (features/behaviour-support/api.ts behaviourSupportKeys.plan).
  const plan = useCachedData<{ id: string; title: string }>(
    planId && planId !== 'new' && ['behaviour-support', tenant.id, 'plan', planId],
  );
  const crumbs = breadcrumbTrail(pathname, {
    teamName: (slugOrId) => teams.data?.find((team) => team.slug === slugOrId || team.id === slugOrId)?.name,
    cardLabel: (id) => (card && card.id === id ? `${card.workItemId} ${card.title}` : undefined),
    participantName: (id) => (participant && participant.id === id ? participant.name : undefined),
    invoiceNumber: (id) => (invoice && invoice.id === id ? invoice.invoiceNumber : undefined),
    planTitle: (id) => (plan && plan.id === id ? plan.title : undefined),
  });
  if (crumbs.length === 0) return null;
  const current = crumbs.at(-1)!;
  // A page's favourite reads better with its parent when it is a view of something ("Mia's Care Team · List").
  const parent = crumbs.at(-2);
  const favoriteLabel =
    parent && pathname.startsWith('/my-teams/') ? `${parent.label} · ${current.label}` : current.label;

  return (
    <div className="flex min-h-11 items-center gap-1 border-b bg-background px-4 sm:px-6">
      <nav aria-label="Breadcrumb" className="min-w-0">
        <ol className="flex min-w-0 flex-wrap items-center gap-1 text-sm">
          {crumbs.map((crumb, index) => {
            const isLast = index === crumbs.length - 1;
            return (
              <Fragment key={crumb.path}>
                {index > 0 ? (
                  <li aria-hidden="true" className="text-muted-foreground">
                    <ChevronRightIcon className="size-3.5" />
                  </li>
                ) : null}
                <li className="min-w-0">
                  {isLast ? (
                    <span aria-current="page" className="block truncate font-medium text-foreground">
                      {crumb.label}
                    </span>
                  ) : crumb.href ? (
                    <Link
                      to={crumb.href}
                      className="block truncate rounded-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
                    >
                      {crumb.label}
                    </Link>
                  ) : (
                    <span className="block truncate text-muted-foreground">{crumb.label}</span>
                  )}
                </li>
              </Fragment>
            );
          })}
        </ol>
      </nav>
      <FavoriteToggle path={pathname} label={favoriteLabel} iconName={iconNameForPath(pathname)} />
    </div>
  );
}
