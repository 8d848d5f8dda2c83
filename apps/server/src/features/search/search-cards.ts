import { formatWorkItemId } from '@wattle/domain/cards/work-item-id';
import { searchWords } from '@wattle/domain/search/rules';
import type { SearchQuerySchema, SearchResult } from '@wattle/domain/search/schemas';
import { aliasedTable, and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { cards } from '../../db/schema/cards';
import { users } from '../../db/schema/users';
import type { TenantContext } from '../../http/tenant-scope';
import { readableCardConditions } from '../cards/card-records';
import { tenantTimeZone, todayIn } from '../cards/card-values';

const assignee = aliasedTable(users, 'assignee');

/** The description as a result shows it: its first 200 characters. */
const descriptionLength = 200;

/** A word as a LIKE pattern that matches it anywhere: %, _ and \ in it match only themselves. */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `GET /api/search`: the cards whose search text (title, description, assignee, due and created
 * dates, field values; kept lower-cased on every write) holds every word of the query, newest
 * change first. Only live cards of the caller's tenant, on teams where they hold read:cards (or the
 * one team asked for: 404 / 403 like the card list). An empty query finds nothing.
 *
 * Each word is a `like '%word%'` on `search_text`: the pg_trgm GIN index (cards_search_idx) answers
 * those for words of three characters or more, and Postgres intersects the words' bitmaps, so a
 * rare word stays fast in a tenant of 100,000 cards; shorter words fall back to walking the
 * tenant's newest cards until the page is full.
 */
export async function searchCards(
  ctx: TenantContext,
  query: z.infer<typeof SearchQuerySchema>,
): Promise<SearchResult[]> {
  const words = searchWords(query.q);
  if (words.length === 0) return [];

  const where = await readableCardConditions(ctx, query.teamId);
  if (!where) return [];
  for (const word of words) where.push(sql`${cards.searchText} like ${containsPattern(word)}`);

  const rows = await ctx.tx
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
    .where(and(...where))
    .orderBy(desc(cards.updatedAt), desc(cards.id))
    .limit(query.limit);

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
