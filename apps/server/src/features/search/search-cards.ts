import { formatWorkItemId } from '@wattle/domain/cards/work-item-id';
import { searchWords } from '@wattle/domain/search/rules';
import type { SearchQuerySchema, SearchResult } from '@wattle/domain/search/schemas';
import { and, desc, eq, isNull, Placeholder, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { cards } from '../../db/schema/cards';
import { tenants } from '../../db/schema/tenants';
import { preparedOnce } from '../../db/with-tenant';
import type { TenantContext } from '../../http/tenant-scope';
import { readableCardTeams } from '../cards/card-records';
import { todayIn } from '../cards/card-values';
import { assignee, searchResultColumns } from './search-result-columns';
import { searchSharedPlans, sharedPlanTeamIds } from './search-shared-plans';

/** What one search asks: values, or placeholders for the statement prepared once per connection. */
interface SearchParams {
  tenantId: string | Placeholder;
  words: string[] | Placeholder;
  /** null: every team. */
  teamIds: string[] | null | Placeholder;
  limit: number | Placeholder;
}

/** An array as one parameter (drizzle would spread it into a list); a placeholder as it is. */
const param = (value: unknown) => (value instanceof Placeholder ? value : sql.param(value));

/**
 * The query of a search: the page's rows, read as `wattle_app` under row-level security, by primary
 * key, with the tenant's time zone (the day a result was created is the day there).
 *
 * Their ids come from the database function `wattle_search_card_ids` (migration 0010, decision
 * 0012): the tenant's live cards whose search text holds every word, on the teams given, newest
 * change first. It runs as its owner so that the pg_trgm index (cards_search_idx) can answer the
 * words, which a request's own `like` cannot under row-level security, and it keeps to the tenant
 * of `app.tenant_id`, as the policies do.
 *
 * The only conditions here are the tenant, live cards and the ids: a condition on the team would
 * let the planner walk the team's cards and test each id (it reckons a team holds very few cards),
 * which costs a read of every card of the team; the function has applied the teams, and
 * `searchCards` checks them again on the rows.
 */
export function searchCardsQuery(tx: Tx, p: SearchParams) {
  const ids = sql`array(select wattle_search_card_ids(${param(p.words)}::text[], ${param(p.teamIds)}::uuid[], ${p.limit}::int))`;
  return tx
    .select(searchResultColumns)
    .from(cards)
    .innerJoin(tenants, eq(tenants.id, cards.tenantId))
    .leftJoin(assignee, eq(assignee.id, cards.assigneeId))
    .where(
      and(
        eq(cards.tenantId, p.tenantId as string),
        isNull(cards.deletedAt),
        // `= any(array(…))`: the ids are found first, then read one by one by primary key.
        sql`${cards.id} = any(${ids})`,
      ),
    )
    .orderBy(desc(cards.updatedAt), desc(cards.id))
    .limit(p.limit as number);
}

/** Every search is this one statement: built and prepared once per connection. */
function runSearch(ctx: TenantContext, words: string[], teamIds: 'all' | string[], limit: number) {
  const statement = preparedOnce(ctx.tx, 'wattle_search', (tx) =>
    searchCardsQuery(tx, {
      tenantId: sql.placeholder('tenantId'),
      words: sql.placeholder('words'),
      teamIds: sql.placeholder('teamIds'),
      limit: sql.placeholder('limit'),
    }).prepare('wattle_search'),
  );
  return statement.execute({
    tenantId: ctx.tenantId,
    words,
    teamIds: teamIds === 'all' ? null : teamIds,
    limit,
  });
}

/**
 * `GET /api/search`: the cards whose search text (work item id, title, description, assignee, due
 * and created dates, field values; kept lower-cased on every write) holds every word of the query,
 * newest change first. Only live cards of the caller's tenant, on teams where they hold read:cards
 * (or the one team asked for: 404 / 403 like the card list), and, on teams where they read only the
 * plans shared with family (family guardians), those plans' working cards. An empty query finds nothing.
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
  // Where the caller reads only the plans shared with family (a family guardian), those plans.
  const planTeamIds = query.teamId || teamIds === 'all' ? [] : await sharedPlanTeamIds(ctx);
  if (!teamIds && planTeamIds.length === 0) return [];
  // The teams again, on the rows: whatever the function answered, nothing outside them is shown.
  const cardRows = teamIds
    ? (await runSearch(ctx, words, teamIds, query.limit)).filter(
        (row) => teamIds === 'all' || teamIds.includes(row.teamId),
      )
    : [];
  const rows =
    planTeamIds.length === 0
      ? cardRows
      : [...cardRows, ...(await searchSharedPlans(ctx, words, planTeamIds, query.limit))]
          .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || b.id.localeCompare(a.id))
          .slice(0, query.limit);

  return rows.map((row) => ({
    id: row.id,
    workItemId: formatWorkItemId(row.workItemPrefix, row.number),
    teamId: row.teamId,
    title: row.title,
    description: row.description,
    assigneeName: row.assigneeId ? row.assigneeName : null,
    dueDate: row.dueDate,
    // The created date search matches: the day in the tenant's time zone.
    createdDate: todayIn(row.timeZone, row.createdAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}
