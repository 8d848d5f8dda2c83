import { isCrowded, positionBetween, positionGap } from '@wattle/domain/cards/board';
import type { BoardPlace } from '@wattle/domain/cards/schemas';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-rows';
import { cards } from '../../db/schema/cards';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAuditEntries } from '../audit/write-audit';
import { everyCardOf, publishChange } from '../events/change-feed';

/**
 * The position of a card put below `aboveId` and above `belowId` in a column, from where those two
 * are now (see BoardPlaceSchema): between them when both are named, right under (over) the one named
 * otherwise, and at the end of the column when neither is. null when a named neighbour is not a live
 * card of that column any more, or the two are now the other way round: the view that sent the move
 * is out of date, and the move is refused as a conflict.
 */
export async function positionFromPlace(
  ctx: TenantContext,
  target: { cardId: string; teamId: string; workflowStateId: string },
  place: BoardPlace,
): Promise<number | null> {
  const named = [place.aboveId, place.belowId].filter((id): id is string => id !== null);
  if (named.includes(target.cardId)) return null;
  const rows =
    named.length === 0
      ? []
      : await ctx.tx
          .select({ id: cards.id, boardPosition: cards.boardPosition })
          .from(cards)
          .where(
            and(
              eq(cards.tenantId, ctx.tenantId),
              inArray(cards.id, named),
              eq(cards.teamId, target.teamId),
              eq(cards.workflowStateId, target.workflowStateId),
              isNull(cards.deletedAt),
            ),
          );
  const positionOf = (id: string | null) =>
    id === null ? null : (rows.find((row) => row.id === id)?.boardPosition ?? undefined);
  const above = positionOf(place.aboveId);
  const below = positionOf(place.belowId);
  if (above === undefined || below === undefined) return null;
  if (above !== null && below !== null) return above <= below ? positionBetween(above, below) : null;

  // One neighbour named (or none): the card next to it on the open side, the moved card left out.
  const column = sql`${cards.tenantId} = ${ctx.tenantId} and ${cards.teamId} = ${target.teamId}
    and ${cards.workflowStateId} = ${target.workflowStateId} and ${cards.deletedAt} is null
    and ${cards.id} <> ${target.cardId}`;
  const next = await ctx.tx.execute(
    above !== null
      ? sql`select min(${cards.boardPosition}) as position from ${cards} where ${column} and ${cards.boardPosition} > ${above}`
      : below !== null
        ? sql`select max(${cards.boardPosition}) as position from ${cards} where ${column} and ${cards.boardPosition} < ${below}`
        : sql`select max(${cards.boardPosition}) as position from ${cards} where ${column}`,
  );
  const value = rowsOf<{ position: number | string | null }>(next)[0]?.position;
  const other = value == null ? null : Number(value);
  if (above !== null) return positionBetween(above, other);
  if (below !== null) return positionBetween(other, below);
  return positionBetween(other, null);
}

interface PlacedCard {
  id: string;
  teamId: string;
  workflowStateId: string;
  boardPosition: number;
}

/**
 * After a card took a place in a board column, spreads the column out again when that place left it
 * crowded against a neighbour (`isCrowded`): every live card of the column goes `positionGap` apart in
 * the order it has, so later moves into the same spot keep finding room. Each renumbered card's
 * version and boardPosition field version move on as a PATCH's would, so a move made from an older
 * view of the column is refused as stale rather than landing in the wrong place, and each one's own
 * audit trail records its old and new position (one insert for the column). Returns how many cards it
 * moved (0 when the column had room).
 */
export async function spreadColumnIfCrowded(
  ctx: TenantContext,
  placed: PlacedCard,
  now: Date,
): Promise<number> {
  const column = sql`${cards.tenantId} = ${ctx.tenantId} and ${cards.teamId} = ${placed.teamId}
    and ${cards.workflowStateId} = ${placed.workflowStateId} and ${cards.deletedAt} is null
    and ${cards.id} <> ${placed.id}`;
  const neighbours = await ctx.tx.execute(sql`
    select
      (select max(${cards.boardPosition}) from ${cards}
        where ${column} and ${cards.boardPosition} <= ${placed.boardPosition}) as before,
      (select min(${cards.boardPosition}) from ${cards}
        where ${column} and ${cards.boardPosition} >= ${placed.boardPosition}) as after
  `);
  const row = rowsOf<{ before: number | string | null; after: number | string | null }>(neighbours)[0];
  const before = row?.before == null ? null : Number(row.before);
  const after = row?.after == null ? null : Number(row.after);
  if (!isCrowded(before, placed.boardPosition, after)) return 0;

  const spread = await ctx.tx.execute(sql`
    with ordered as (
      select ${cards.id} as id, ${cards.boardPosition} as old_position,
        row_number() over (order by ${cards.boardPosition}, ${cards.number}) * ${positionGap} as position
      from ${cards}
      where ${cards.tenantId} = ${ctx.tenantId} and ${cards.teamId} = ${placed.teamId}
        and ${cards.workflowStateId} = ${placed.workflowStateId} and ${cards.deletedAt} is null
    )
    update ${cards} set
      board_position = ordered.position,
      version = ${cards.version} + 1,
      field_versions = ${cards.fieldVersions} || jsonb_build_object('boardPosition', ${cards.version} + 1),
      updated_at = ${now.toISOString()},
      last_modified_by = ${ctx.actor.id}
    from ordered
    where ${cards.tenantId} = ${ctx.tenantId} and ${cards.id} = ordered.id
      and ${cards.boardPosition} <> ordered.position
    returning ${cards.id} as id, ordered.old_position as old_position,
      ${cards.boardPosition} as position, ${cards.version} as version
  `);
  const moved = rowsOf<{
    id: string;
    old_position: number | string;
    position: number | string;
    version: number | string;
  }>(spread);
  if (moved.length > 0) {
    await writeAuditEntries(
      ctx.tx,
      moved.map((row) => ({
        tenantId: ctx.tenantId,
        actor: ctx.actor,
        entity: 'card',
        entityId: row.id,
        action: 'updated',
        changes: [
          { field: 'boardPosition', oldValue: Number(row.old_position), newValue: Number(row.position) },
        ],
        metadata: {
          version: Number(row.version),
          fromVersion: Number(row.version) - 1,
          reason: 'column-spread',
          movedCardId: placed.id,
        },
      })),
    );
    // Many cards changed at once: one event tells every open view to refetch its cards.
    await publishChange(ctx.tx, everyCardOf(ctx.tenantId));
  }
  return moved.length;
}
