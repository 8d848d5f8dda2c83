import { queryOptions } from '@tanstack/react-query';
import type { CardSummary } from '@wattle/domain/cards/schemas';
import { httpList } from '@/lib/http';

/** As many of the person's cards as one page of `GET /api/cards` holds. */
const myWorkLimit = 200;

export interface MyWork {
  cards: CardSummary[];
  /** How many cards are assigned to the person in all, when more than `cards` holds. */
  total: number;
}

/**
 * My Work's one fetch (CONVENTIONS.md 7): the person's cards across every team whose cards they may
 * read, in one request. The key starts with ['cards', tenantId], so a live change of any card
 * (features/live/live-query-keys.ts) refreshes the page.
 */
export function myWorkQueryOptions(tenantId: string, userId: string) {
  return queryOptions({
    queryKey: ['cards', tenantId, 'my-work', userId] as const,
    queryFn: async ({ signal }): Promise<MyWork> => {
      const query = new URLSearchParams({ assigneeId: userId, limit: String(myWorkLimit) });
      const page = await httpList<CardSummary>(`/api/cards?${query}`, { tenantId, signal });
      return { cards: page.data, total: page.meta.total };
    },
  });
}

/** True when every card of the person's is listed. */
export function myWorkShown(work: MyWork | undefined): boolean {
  return !work || work.cards.length >= work.total;
}
