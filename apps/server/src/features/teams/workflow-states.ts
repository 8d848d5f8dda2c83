import { can } from '@wattle/domain/auth/permissions';
import { positionGap } from '@wattle/domain/cards/board';
import { columnForStatus } from '@wattle/domain/cards/status-columns';
import type { Team } from '@wattle/domain/teams/schemas';
import {
  applyWorkflowEdit,
  sameWorkflow,
  type UpdateWorkflowStates,
  type WorkflowState,
} from '@wattle/domain/teams/workflow';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-rows';
import { cards } from '../../db/schema/cards';
import { teams } from '../../db/schema/teams';
import { AppError, forbidden } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit, writeAuditEntries } from '../audit/write-audit';
import { teamAccessList } from '../cards/card-records';
import { everyCardOf, publishChanges } from '../events/change-feed';
import { findVisibleTeams } from './team-records';

export const workflowConflictMessage =
  "Someone else changed this team's workflow since you opened it. Review their changes and try again.";

/**
 * `PUT /api/teams/{id}/workflow-states`: replaces a team's board columns (manage:workflow: the
 * team's lead, tenant admins). The edit must start from the team's current version (409 with the
 * team as it is now otherwise) and pass `applyWorkflowEdit` (400 with its message). Cards left in a
 * removed column, or in a column that no longer fits their status (decision 0037), move to the end
 * of the first column of their status, in the order they had, and take a new card
 * version so a stale board move of one of them conflicts instead of putting it back; each one's own
 * audit trail records the column it left. The team's audit entry records the columns before and
 * after (id, name, colour, order). A save that changes nothing writes nothing: the team is answered
 * as it is, at the same version.
 */
export async function updateWorkflowStates(
  ctx: TenantContext,
  teamId: string,
  input: UpdateWorkflowStates,
): Promise<Team> {
  const [access] = await teamAccessList(ctx, teamId);
  if (!access?.role) throw new AppError('NOT_FOUND', 'Team not found');
  if (!can(access.role, 'manage:workflow', access.isClinician)) {
    throw forbidden("Only the team's lead or a tenant admin can change its workflow");
  }

  const [team] = await ctx.tx
    .select({ workflowStates: teams.workflowStates, version: teams.version })
    .from(teams)
    .where(and(eq(teams.tenantId, ctx.tenantId), eq(teams.id, teamId)))
    .for('update');
  if (!team) throw new AppError('NOT_FOUND', 'Team not found');
  if (input.version !== team.version) {
    const [current] = await findVisibleTeams(ctx, { teamId });
    throw new AppError('CONFLICT', workflowConflictMessage, { current });
  }

  const edit = applyWorkflowEdit(team.workflowStates, input.states);
  if (!edit.ok) {
    const path = [
      'states',
      ...(edit.index === undefined ? [] : [edit.index]),
      ...(edit.field === undefined ? [] : [edit.field]),
    ];
    throw new AppError('VALIDATION_FAILED', edit.message, [{ path, message: edit.message }]);
  }
  const states = edit.states;
  // Saved as it is: nothing to write, no new version, no audit entry, no event.
  if (sameWorkflow(team.workflowStates, states)) {
    const [current] = await findVisibleTeams(ctx, { teamId });
    return current!;
  }
  const version = team.version + 1;
  const now = new Date();
  await ctx.tx
    .update(teams)
    .set({ workflowStates: states, version, updatedAt: now, lastActivityAt: now })
    .where(and(eq(teams.tenantId, ctx.tenantId), eq(teams.id, teamId)));

  const removed = team.workflowStates.filter((old) => !states.some((s) => s.id === old.id));
  const first = [...states].sort((a, b) => a.order - b.order)[0]!;
  const moved = await placeCardsByStatus(ctx, teamId, states, now);

  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'team',
    entityId: teamId,
    action: 'updated',
    changes: [
      {
        field: 'workflowStates',
        oldValue: auditedStates(team.workflowStates),
        newValue: auditedStates(states),
      },
    ],
    metadata: {
      version,
      fromVersion: input.version,
      ...(removed.length > 0
        ? { removedStates: removed.map((s) => s.id), movedCards: moved.length, movedTo: first.id }
        : moved.length > 0
          ? { movedCards: moved.length }
          : {}),
    },
  });
  // Each moved card's own trail says it changed column, and why.
  await writeAuditEntries(
    ctx.tx,
    moved.map((card) => ({
      tenantId: ctx.tenantId,
      actor: ctx.actor,
      entity: 'card',
      entityId: card.id,
      action: 'updated',
      changes: [{ field: 'workflowStateId', oldValue: card.oldStateId, newValue: card.newStateId }],
      metadata: {
        version: card.version,
        fromVersion: card.version - 1,
        reason: removed.some((s) => s.id === card.oldStateId) ? 'workflow-state-removed' : 'workflow-changed',
        teamVersion: version,
      },
    })),
  );
  await publishChanges(ctx.tx, [
    { tenantId: ctx.tenantId, userId: null, event: { type: 'updated', entity: 'team', id: teamId, version } },
    ...(moved.length > 0 ? [everyCardOf(ctx.tenantId)] : []),
  ]);

  const [updated] = await findVisibleTeams(ctx, { teamId });
  return updated!;
}

/** A workflow as its audit entry records it: each column's id, name, colour and order, in order. */
function auditedStates(states: readonly WorkflowState[]) {
  return [...states]
    .sort((a, b) => a.order - b.order)
    .map(({ id, name, color, order }) => ({ id, name, color, order }));
}

interface MovedCard {
  id: string;
  oldStateId: string;
  newStateId: string;
  version: number;
}

/**
 * After a workflow edit, every live card of the team whose column no longer fits its status (its
 * column was removed, or the columns' stages moved with their order) goes to the end of the first
 * column that does, keeping its order (decision 0037: a card sits in a column of its status).
 */
async function placeCardsByStatus(
  ctx: TenantContext,
  teamId: string,
  states: readonly WorkflowState[],
  now: Date,
): Promise<MovedCard[]> {
  const live = await ctx.tx
    .select({ id: cards.id, status: cards.status, workflowStateId: cards.workflowStateId })
    .from(cards)
    .where(and(eq(cards.tenantId, ctx.tenantId), eq(cards.teamId, teamId), isNull(cards.deletedAt)));
  const byTarget = new Map<string, string[]>();
  for (const card of live) {
    const current = states.some((s) => s.id === card.workflowStateId) ? card.workflowStateId : null;
    const target = columnForStatus(states, card.status, current);
    if (!target || target === card.workflowStateId) continue;
    byTarget.set(target, [...(byTarget.get(target) ?? []), card.id]);
  }
  const moved: MovedCard[] = [];
  for (const [target, ids] of byTarget) {
    moved.push(...(await moveCardsToState(ctx, teamId, target, ids, now)));
  }
  return moved;
}

/**
 * The named live cards of the team go to the end of column `targetId`, keeping their order.
 * One statement: the new positions continue from the column's last card, a gap apart. The cards'
 * versions and field versions move on like a PATCH's. Answers each moved card with the column it
 * left and its new version, for its audit entry.
 */
async function moveCardsToState(
  ctx: TenantContext,
  teamId: string,
  targetId: string,
  cardIds: string[],
  now: Date,
): Promise<MovedCard[]> {
  const result = await ctx.tx.execute(sql`
    with tail as (
      select coalesce(max(${cards.boardPosition}), 0) as last
      from ${cards}
      where ${cards.tenantId} = ${ctx.tenantId} and ${cards.teamId} = ${teamId}
        and ${cards.deletedAt} is null and ${cards.workflowStateId} = ${targetId}
    ),
    stranded as (
      select ${cards.id} as id, ${cards.workflowStateId} as old_state_id,
        row_number() over (order by ${cards.boardPosition}, ${cards.number}) as n
      from ${cards}
      where ${cards.tenantId} = ${ctx.tenantId} and ${cards.teamId} = ${teamId}
        and ${cards.deletedAt} is null
        and ${cards.id} in (${sql.join(
          cardIds.map((id) => sql`${id}`),
          sql`, `,
        )})
    )
    update ${cards} set
      workflow_state_id = ${targetId},
      board_position = (select last from tail) + stranded.n * ${positionGap},
      version = ${cards.version} + 1,
      field_versions = ${cards.fieldVersions}
        || jsonb_build_object('workflowStateId', ${cards.version} + 1, 'boardPosition', ${cards.version} + 1),
      updated_at = ${now.toISOString()},
      last_modified_by = ${ctx.actor.id}
    from stranded
    where ${cards.tenantId} = ${ctx.tenantId} and ${cards.id} = stranded.id
    returning ${cards.id} as id, stranded.old_state_id as old_state_id, ${cards.version} as version
  `);
  return rowsOf<{ id: string; old_state_id: string; version: number | string }>(result).map((row) => ({
    id: row.id,
    oldStateId: row.old_state_id,
    newStateId: targetId,
    version: Number(row.version),
  }));
}
