import type { CardWatching } from '@wattle/domain/cards/watch-schemas';
import { and, count, eq, sql } from 'drizzle-orm';
import { cardWatchers } from '../../db/schema/card-watchers';
import type { TenantContext } from '../../http/tenant-scope';
import { loadReadableCard } from '../cards/card-records';

/**
 * Watching a card (issue 18): anyone who can open the card may watch it, and is then told in the
 * inbox of its new comments they may read (notify-comment-followers.ts). A card the caller cannot
 * open answers 404 'Card not found', as reading it does.
 */

async function watching(ctx: TenantContext, cardId: string): Promise<CardWatching> {
  const [row] = await ctx.tx
    .select({
      watchers: count(),
      watching: sql<boolean>`coalesce(bool_or(${cardWatchers.userId} = ${ctx.actor.id}), false)`,
    })
    .from(cardWatchers)
    .where(and(eq(cardWatchers.tenantId, ctx.tenantId), eq(cardWatchers.cardId, cardId)));
  return { watching: Boolean(row?.watching), watchers: row?.watchers ?? 0 };
}

export async function readWatching(ctx: TenantContext, cardId: string): Promise<CardWatching> {
  await loadReadableCard(ctx, cardId);
  return watching(ctx, cardId);
}

/** Starts or stops watching; doing it twice changes nothing. */
export async function setWatching(ctx: TenantContext, cardId: string, watch: boolean): Promise<CardWatching> {
  await loadReadableCard(ctx, cardId);
  if (watch) {
    await ctx.tx
      .insert(cardWatchers)
      .values({ tenantId: ctx.tenantId, cardId, userId: ctx.actor.id })
      .onConflictDoNothing();
  } else {
    await ctx.tx
      .delete(cardWatchers)
      .where(
        and(
          eq(cardWatchers.tenantId, ctx.tenantId),
          eq(cardWatchers.cardId, cardId),
          eq(cardWatchers.userId, ctx.actor.id),
        ),
      );
  }
  return watching(ctx, cardId);
}

/** The people watching a card. */
export async function watchersOf(ctx: TenantContext, cardId: string): Promise<string[]> {
  const rows = await ctx.tx
    .select({ userId: cardWatchers.userId })
    .from(cardWatchers)
    .where(and(eq(cardWatchers.tenantId, ctx.tenantId), eq(cardWatchers.cardId, cardId)));
  return rows.map((row) => row.userId);
}
