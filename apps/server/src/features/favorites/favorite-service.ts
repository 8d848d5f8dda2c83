import {
  disabledRouteMessage,
  duplicateFavoriteMessage,
  isDisabledFavoriteRoute,
} from '@wattle/domain/favorites/rules';
import type { CreateFavorite, Favorite, UpdateFavorite } from '@wattle/domain/favorites/schemas';
import { and, asc, count, eq, or, sql } from 'drizzle-orm';
import { favorites } from '../../db/schema/favorites';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { publishChange, publishChanges } from '../events/change-feed';

// Favourites are personal interface state (which pages one person pinned), not records of the
// tenant's care work, so they write no tenant audit entries: the audit log stays about the work.

type FavoriteRow = typeof favorites.$inferSelect;

export function toFavorite(row: FavoriteRow): Favorite {
  return {
    id: row.id,
    userId: row.userId,
    tenantId: row.tenantId,
    path: row.path,
    label: row.label,
    iconName: row.iconName,
    addedAt: row.addedAt.toISOString(),
    lastAccessedAt: row.lastAccessedAt?.toISOString() ?? null,
    accessCount: row.accessCount,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every query is narrowed to the caller in the tenant: row-level security keeps the tenant, this the person. */
const mine = (ctx: TenantContext) =>
  and(eq(favorites.tenantId, ctx.tenantId), eq(favorites.userId, ctx.actor.id));
const mineWithId = (ctx: TenantContext, id: string) => and(mine(ctx), eq(favorites.id, id));
const notFound = () => new AppError('NOT_FOUND', 'Favorite not found');

/** Favourites reach only their owner's other tabs and devices. */
const announce = (ctx: TenantContext, type: 'created' | 'updated' | 'deleted', id: string) =>
  publishChange(ctx.tx, {
    tenantId: ctx.tenantId,
    userId: ctx.actor.id,
    event: { type, entity: 'favorite', id, version: null },
  });

/** The caller's favourites in this tenant, in the order they were added. */
export async function listFavorites(
  ctx: TenantContext,
  page: { limit: number; offset: number },
): Promise<{ data: Favorite[]; total: number }> {
  const rows = await ctx.tx
    .select()
    .from(favorites)
    .where(mine(ctx))
    .orderBy(asc(favorites.addedAt), asc(favorites.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await ctx.tx.select({ n: count() }).from(favorites).where(mine(ctx));
  return { data: rows.map(toFavorite), total: total?.n ?? 0 };
}

/**
 * Pins a page. A page already pinned answers 409 with the spec's message; one pinned before and
 * since set inactive is re-activated (with the new label) rather than duplicated.
 */
export async function createFavorite(ctx: TenantContext, input: CreateFavorite): Promise<Favorite> {
  if (isDisabledFavoriteRoute(input.path)) {
    throw new AppError('BAD_REQUEST', disabledRouteMessage(input.path));
  }
  const now = new Date();
  const [created] = await ctx.tx
    .insert(favorites)
    .values({
      tenantId: ctx.tenantId,
      userId: ctx.actor.id,
      path: input.path,
      label: input.label,
      iconName: input.iconName ?? null,
      addedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [favorites.tenantId, favorites.userId, favorites.path] })
    .returning();
  if (created) {
    await announce(ctx, 'created', created.id);
    return toFavorite(created);
  }
  const [existing] = await ctx.tx
    .select()
    .from(favorites)
    .where(and(mine(ctx), eq(favorites.path, input.path)))
    .for('update');
  if (!existing || existing.isActive) throw new AppError('CONFLICT', duplicateFavoriteMessage);
  const [reactivated] = await ctx.tx
    .update(favorites)
    .set({
      label: input.label,
      iconName: input.iconName ?? null,
      isActive: true,
      addedAt: now,
      updatedAt: now,
    })
    .where(mineWithId(ctx, existing.id))
    .returning();
  await announce(ctx, 'updated', existing.id);
  return toFavorite(reactivated!);
}

export async function updateFavorite(
  ctx: TenantContext,
  id: string,
  input: UpdateFavorite,
): Promise<Favorite> {
  const changes: Partial<FavoriteRow> = { updatedAt: new Date() };
  if (input.label !== undefined) changes.label = input.label;
  if (input.iconName !== undefined) changes.iconName = input.iconName;
  if (input.isActive !== undefined) changes.isActive = input.isActive;
  const [updated] = await ctx.tx.update(favorites).set(changes).where(mineWithId(ctx, id)).returning();
  if (!updated) throw notFound();
  await announce(ctx, 'updated', id);
  return toFavorite(updated);
}

export async function deleteFavorite(ctx: TenantContext, id: string): Promise<void> {
  const deleted = await ctx.tx.delete(favorites).where(mineWithId(ctx, id)).returning({ id: favorites.id });
  if (deleted.length === 0) throw notFound();
  await announce(ctx, 'deleted', id);
}

/**
 * A visit to the pinned page: one more access, and when. Not announced on the feed: it changes no
 * list anyone sees, and every navigation would otherwise refetch the favourites of every open tab.
 */
export async function recordFavoriteAccess(ctx: TenantContext, id: string): Promise<Favorite> {
  const now = new Date();
  const [updated] = await ctx.tx
    .update(favorites)
    .set({ accessCount: sql`${favorites.accessCount} + 1`, lastAccessedAt: now, updatedAt: now })
    .where(mineWithId(ctx, id))
    .returning();
  if (!updated) throw notFound();
  return toFavorite(updated);
}

/**
 * Deletes the caller's favourites on the given routes or beneath them (`/dashboard` also removes
 * `/dashboard/x` and `/dashboard?tab=1`, not `/dashboards`), answering how many went.
 */
export async function cleanupFavorites(ctx: TenantContext, routes: string[]): Promise<number> {
  const bases = [...new Set(routes.map((r) => r.trim()).filter(Boolean))].map((r) =>
    r.length > 1 ? r.replace(/\/+$/, '') : r,
  );
  if (bases.length === 0) return 0;
  const matches = bases.flatMap((base) => [
    eq(favorites.path, base),
    // starts_with, unlike LIKE, gives % and _ in a path no special meaning.
    sql`starts_with(${favorites.path}, ${base.endsWith('/') ? base : `${base}/`})`,
    sql`starts_with(${favorites.path}, ${`${base}?`})`,
    sql`starts_with(${favorites.path}, ${`${base}#`})`,
  ]);
  const deleted = await ctx.tx
    .delete(favorites)
    .where(and(mine(ctx), or(...matches)))
    .returning({ id: favorites.id });
  await publishChanges(
    ctx.tx,
    deleted.map(({ id }) => ({
      tenantId: ctx.tenantId,
      userId: ctx.actor.id,
      event: { type: 'deleted' as const, entity: 'favorite', id, version: null },
    })),
  );
  return deleted.length;
}
