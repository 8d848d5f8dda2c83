import type { CardListQuery, CardSummary } from '@wattle/domain/cards/schemas';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { cards } from '../../db/schema/cards';
import { preparedOnce } from '../../db/with-tenant';
import type { TenantContext } from '../../http/tenant-scope';
import { readableCardConditions, selectCardSummaryRows, toCardSummary } from './card-records';

/**
 * `GET /api/cards`: the cards of one team, or of every team the caller may read cards on, newest
 * change first, filtered and paged, without their field values. Two indexed queries (the page, with names joined in, and the
 * total); compliance is stored on the card, so nothing is recomputed per row.
 */
export async function listCards(
  ctx: TenantContext,
  query: CardListQuery,
): Promise<{ data: CardSummary[]; total: number }> {
  const where = await readableCardConditions(ctx, query.teamId);
  if (!where) return { data: [], total: 0 };
  if (query.status) where.push(eq(cards.status, query.status));
  if (query.type) where.push(eq(cards.type, query.type));
  if (query.assigneeId) where.push(eq(cards.assigneeId, query.assigneeId));
  if (query.templateId) where.push(eq(cards.templateId, query.templateId));
  if (query.participantId) where.push(eq(cards.participantId, query.participantId));

  const hasFilters = Boolean(
    query.status || query.type || query.assigneeId || query.templateId || query.participantId,
  );
  // One team's page without filters is what the team views ask for all day: built once per connection.
  const rows =
    query.teamId && !hasFilters
      ? await preparedOnce(ctx.tx, 'wattle_team_cards', (tx) =>
          selectCardSummaryRows(tx)
            .where(
              and(
                eq(cards.tenantId, sql.placeholder('tenantId')),
                isNull(cards.deletedAt),
                eq(cards.teamId, sql.placeholder('teamId')),
              ),
            )
            .orderBy(desc(cards.updatedAt), desc(cards.id))
            .limit(sql.placeholder('limit'))
            .offset(sql.placeholder('offset'))
            .prepare('wattle_team_cards'),
        ).execute({ tenantId: ctx.tenantId, teamId: query.teamId, limit: query.limit, offset: query.offset })
      : await selectCardSummaryRows(ctx.tx)
          .where(and(...where))
          .orderBy(desc(cards.updatedAt), desc(cards.id))
          .limit(query.limit)
          .offset(query.offset);
  // The first page usually holds every card: then the count is known without a second query.
  const total =
    query.offset === 0 && rows.length < query.limit
      ? rows.length
      : ((query.teamId && !hasFilters
          ? await preparedOnce(ctx.tx, 'wattle_team_card_count', (tx) =>
              tx
                .select({ n: count() })
                .from(cards)
                .where(
                  and(
                    eq(cards.tenantId, sql.placeholder('tenantId')),
                    isNull(cards.deletedAt),
                    eq(cards.teamId, sql.placeholder('teamId')),
                  ),
                )
                .prepare('wattle_team_card_count'),
            ).execute({ tenantId: ctx.tenantId, teamId: query.teamId })
          : await ctx.tx
              .select({ n: count() })
              .from(cards)
              .where(and(...where)))[0]?.n ?? 0);
  return { data: rows.map(toCardSummary), total };
}
