import { isCrowded, positionGap } from '@wattle/domain/cards/board';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-rows';
import { cards } from '../../db/schema/cards';
import type { TenantContext } from '../../http/tenant-scope';
import { publishChange } from '../events/change-feed';

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
 * view of the column is refused as stale rather than landing in the wrong place. Returns how many
 * cards it moved (0 when the column had room).
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
      select ${cards.id} as id,
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
    returning ${cards.id}
  `);
  const moved = rowsOf(spread).length;
  if (moved > 0) {
    // Many cards changed at once: one event tells every open view to refetch its cards.
    await publishChange(ctx.tx, {
      tenantId: ctx.tenantId,
      userId: null,
      event: { type: 'updated', entity: 'card', id: '*', version: null },
    });
  }
  return moved;
}
