import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { Card } from '@wattle/domain/cards/schemas';
import type { FormTemplate } from '@wattle/domain/templates/schemas';
import { cardTemplateQueryOptions } from '@/features/templates/card-template';
import { http } from '@/lib/http';
import { cardQueryOptions } from './api';

/**
 * The card's query, first read with the template its form is drawn from in the same request
 * (`GET /api/cards/{id}?include=template`). The template goes into its own query
 * (`cardTemplateQueryOptions`) before the card's arrives, so the page never asks for it once the
 * card is in: issue 19, where reading the template after the card cost a round trip on every
 * opening. Later reads of the card (the page's, a live change's) are the card alone.
 */
function cardWithTemplateQueryOptions(queryClient: QueryClient, tenantId: string, cardId: string) {
  return queryOptions({
    ...cardQueryOptions(tenantId, cardId),
    queryFn: async ({ signal }) => {
      const { template, ...card } = await http<Card & { template?: FormTemplate | null }>(
        `/api/cards/${encodeURIComponent(cardId)}?include=template`,
        { tenantId, signal },
      );
      if (template && card.templateId !== null) {
        const { queryKey } = cardTemplateQueryOptions(tenantId, {
          templateId: card.templateId,
          templateVersion: card.templateVersion,
        });
        queryClient.setQueryData(queryKey, template);
      }
      return card;
    },
  });
}

/**
 * Starts reading what the card page shows (the card with its template, in one request) while the
 * page's code is still on its way: the card route's loader calls this when a card link is followed
 * and when it is merely hovered or focused (the router's preload). Issue 19: a plan opened from the
 * board waited for the code, then the card, then its template, one round trip after another.
 * Reading a card is not audited (a participant's read is, and its route reads nothing on a hover),
 * and what is fetched is what the person may read anyway: the server decides.
 *
 * It never rejects: the page shows its own loading and error states from the same queries, and a
 * failed prefetch is fetched again by the page. It settles once both have been read, so a route's
 * loader may wait for it.
 */
export function prefetchCard(queryClient: QueryClient, tenantId: string, cardId: string): Promise<void> {
  return queryClient
    .ensureQueryData(cardWithTemplateQueryOptions(queryClient, tenantId, cardId))
    .then((card) => {
      // A card already at hand was read without its template: that is read now (a fresh one is kept).
      if (card.templateId === null) return;
      return queryClient.prefetchQuery(
        cardTemplateQueryOptions(tenantId, {
          templateId: card.templateId,
          templateVersion: card.templateVersion,
        }),
      );
    })
    .then(
      () => undefined,
      () => undefined,
    );
}
