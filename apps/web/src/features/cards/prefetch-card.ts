import type { QueryClient } from '@tanstack/react-query';
import { cardTemplateQueryOptions } from '@/features/templates/card-template';
import { cardQueryOptions } from './api';

/**
 * Starts reading what the card page shows (the card, then its template) while the page's code is
 * still on its way: the card route's loader calls this when a card link is followed and when it is
 * merely hovered or focused (the router's preload). Issue 19: a plan opened from the board waited
 * for the code, then the card, then its template, one round trip after another. Reading a card is
 * not audited (a participant's read is, and its route reads nothing on a hover), and what is fetched
 * is what the person may read anyway: the server decides.
 *
 * Nothing here waits or throws: the page shows its own loading and error states from the same
 * queries, and a failed prefetch is fetched again by the page.
 */
export function prefetchCard(queryClient: QueryClient, tenantId: string, cardId: string): void {
  queryClient
    .ensureQueryData(cardQueryOptions(tenantId, cardId))
    .then((card) => {
      if (card.templateId === null) return;
      return queryClient.prefetchQuery(
        cardTemplateQueryOptions(tenantId, {
          templateId: card.templateId,
          templateVersion: card.templateVersion,
        }),
      );
    })
    .catch(() => undefined);
}
