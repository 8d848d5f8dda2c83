import { formatWorkItemId } from '@wattle/domain/cards/work-item-id';
import { searchWords } from '@wattle/domain/search/rules';
import type { SearchQuerySchema, SearchResult } from '@wattle/domain/search/schemas';
import { aliasedTable, and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { cards } from '../../db/schema/cards';
import { users } from '../../db/schema/users';
import type { TenantContext } from '../../http/tenant-scope';
import { readableCardTeams } from '../cards/card-records';
import { tenantTimeZone, todayIn } from '../cards/card-values';

const assignee = aliasedTable(users, 'assignee');

/** The description as a result shows it: its first 200 characters. */
const descriptionLength = 200;

/**
 * The ids of the tenant's live cards whose search text holds every word, on `teamIds` ('all': any
 * team), newest change first, at most `limit`: the database function `wattle_search_card_ids`
 * (migration 0010, decision 0012). It runs as its owner so that the pg_trgm index
 * (cards_search_idx) can answer the words, which a request's own `like` cannot under row-level
 * security, and it keeps to the tenant of `app.tenant_id`, as the policies do.
 */
function searchCardIds(words: string[], teamIds: 'all' | string[], limit: number): SQL {
  const teams = teamIds === 'all' ? null : teamIds;
  return sql`array(select wattle_search_card_ids(${sql.param(words)}::text[], ${sql.param(teams)}::uuid[], ${limit}::int))`;
}

/**
 * The query of a search: the page's rows, read as `wattle_app` under row-level security, by primary
 * key. The only conditions are the tenant, live cards and the ids: a condition on the team here
 * would let the planner walk the team's cards and test each id (it reckons a team holds very few
 * cards), which costs a read of every card of the team; the function has applied the teams, and
 * `searchCards` checks them again on the rows.
 */
export function searchCardsQuery(
  ctx: TenantContext,
  words: string[],
  teamIds: 'all' | string[],
  limit: number,
) {
  return ctx.tx
    .select({
      id: cards.id,
      number: cards.number,
      workItemPrefix: cards.workItemPrefix,
      teamId: cards.teamId,
      title: cards.title,
      description: sql<string>`left(${cards.description}, ${sql.raw(String(descriptionLength))})`,
      assigneeId: cards.assigneeId,
      assigneeName: assignee.name,
      dueDate: cards.dueDate,
      createdAt: cards.createdAt,
      updatedAt: cards.updatedAt,
    })
    .from(cards)
    .leftJoin(assignee, eq(assignee.id, cards.assigneeId))
    .where(
      and(
        eq(cards.tenantId, ctx.tenantId),
        isNull(cards.deletedAt),
        // `= any(array(…))`: the ids are found first, then read one by one by primary key.
        sql`${cards.id} = any(${searchCardIds(words, teamIds, limit)})`,
      ),
    )
    .orderBy(desc(cards.updatedAt), desc(cards.id))
    .limit(limit);
}

/**
 * `GET /api/search`: the cards whose search text (work item id, title, description, assignee, due
 * and created dates, field values; kept lower-cased on every write) holds every word of the query,
 * newest change first. Only live cards of the caller's tenant, on teams where they hold read:cards
 * (or the one team asked for: 404 / 403 like the card list). An empty query finds nothing.
 *
 * The database function finds the page's ids (a rare word from the trigram index; a common one by
 * walking the tenant's newest cards until the page is full) on the teams the card list would show;
 * the rows are then read here as `wattle_app`, under row-level security.
 */
export async function searchCards(
  ctx: TenantContext,
  query: z.infer<typeof SearchQuerySchema>,
): Promise<SearchResult[]> {
  const words = searchWords(query.q);
  if (words.length === 0) return [];

  const teamIds = await readableCardTeams(ctx, query.teamId);
  if (!teamIds) return [];
  // The teams again, on the rows: whatever the function answered, nothing outside them is shown.
  const rows = (await searchCardsQuery(ctx, words, teamIds, query.limit)).filter(
    (row) => teamIds === 'all' || teamIds.includes(row.teamId),
  );

  // The created date search matches is the day in the tenant's time zone: the results show that day.
  const timeZone = rows.length > 0 ? await tenantTimeZone(ctx) : 'UTC';
  return rows.map((row) => ({
    id: row.id,
    workItemId: formatWorkItemId(row.workItemPrefix, row.number),
    teamId: row.teamId,
    title: row.title,
    description: row.description,
    assigneeName: row.assigneeId ? row.assigneeName : null,
    dueDate: row.dueDate,
    createdDate: todayIn(timeZone, row.createdAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}
