import type { FieldChange } from '@wattle/domain/audit/schemas';
import {
  type CreateIncidentActionInput,
  type IncidentAction,
  incidentMessages,
  type PatchIncidentActionInput,
} from '@wattle/domain/incidents/schemas';
import { and, eq } from 'drizzle-orm';
import { incidentActions } from '../../db/schema/incidents';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { assigneeNameOnTeam } from '../cards/card-assignee';
import { publishIncidentChange } from './incident-events';
import { actionsOf, type IncidentJoinedRow, requireIncident } from './incident-records';

/**
 * Follow-up actions of an incident (what is to be done, by whom, by when, and when it was done).
 * Whoever may change the incident keeps its actions; each write is audited on the incident and
 * announced as a change of it, since the register shows its open actions.
 */

async function checkedAssignee(
  ctx: TenantContext,
  incident: IncidentJoinedRow,
  assigneeId: string | null | undefined,
) {
  // The assignee must be someone on the incident's team (the card rule); the answer is their name.
  if (assigneeId) await assigneeNameOnTeam(ctx, incident.incident.teamId, assigneeId);
}

async function touched(
  ctx: TenantContext,
  incident: IncidentJoinedRow,
  action: string,
  changes: FieldChange[],
  actionId: string,
) {
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'incident',
    entityId: incident.incident.id,
    action,
    changes,
    metadata: { cardId: incident.incident.cardId, actionId },
  });
  await publishIncidentChange(ctx, 'updated', {
    id: incident.incident.id,
    version: incident.incident.version,
  });
}

async function findAction(ctx: TenantContext, incidentId: string, actionId: string): Promise<IncidentAction> {
  const action = (await actionsOf(ctx, incidentId)).find((a) => a.id === actionId);
  if (!action) throw new AppError('NOT_FOUND', incidentMessages.actionNotFound);
  return action;
}

export async function addIncidentAction(
  ctx: TenantContext,
  incidentId: string,
  input: CreateIncidentActionInput,
): Promise<IncidentAction> {
  const incident = await requireIncident(ctx, incidentId, 'write:incidents');
  await checkedAssignee(ctx, incident, input.assigneeId);
  const [row] = await ctx.tx
    .insert(incidentActions)
    .values({
      tenantId: ctx.tenantId,
      incidentId,
      description: input.description,
      assigneeId: input.assigneeId ?? null,
      dueOn: input.dueOn ?? null,
      createdBy: ctx.actor.id,
    })
    .returning({ id: incidentActions.id });
  await touched(
    ctx,
    incident,
    'action-added',
    [
      { field: 'action', oldValue: null, newValue: input.description },
      ...(input.dueOn ? [{ field: 'actionDueOn', oldValue: null, newValue: input.dueOn }] : []),
      ...(input.assigneeId
        ? [{ field: 'actionAssigneeId', oldValue: null, newValue: input.assigneeId }]
        : []),
    ],
    row!.id,
  );
  return findAction(ctx, incidentId, row!.id);
}

export async function updateIncidentAction(
  ctx: TenantContext,
  incidentId: string,
  actionId: string,
  input: PatchIncidentActionInput,
): Promise<IncidentAction> {
  const incident = await requireIncident(ctx, incidentId, 'write:incidents');
  const current = await findAction(ctx, incidentId, actionId);
  await checkedAssignee(ctx, incident, input.assigneeId);
  const doneAt =
    input.isDone === undefined
      ? undefined
      : input.isDone
        ? current.doneAt
          ? new Date(current.doneAt)
          : new Date()
        : null;
  const next = {
    description: input.description ?? current.description,
    assigneeId: input.assigneeId !== undefined ? input.assigneeId : (current.assignee?.id ?? null),
    dueOn: input.dueOn !== undefined ? input.dueOn : current.dueOn,
    doneAt: doneAt !== undefined ? doneAt : current.doneAt ? new Date(current.doneAt) : null,
  };
  const changes: FieldChange[] = [];
  if (next.description !== current.description)
    changes.push({ field: 'actionDescription', oldValue: current.description, newValue: next.description });
  if (next.assigneeId !== (current.assignee?.id ?? null))
    changes.push({
      field: 'actionAssigneeId',
      oldValue: current.assignee?.id ?? null,
      newValue: next.assigneeId,
    });
  if (next.dueOn !== current.dueOn)
    changes.push({ field: 'actionDueOn', oldValue: current.dueOn, newValue: next.dueOn });
  const nextDone = next.doneAt?.toISOString() ?? null;
  if (nextDone !== current.doneAt)
    changes.push({ field: 'actionDoneAt', oldValue: current.doneAt, newValue: nextDone });
  if (changes.length === 0) return current;
  await ctx.tx
    .update(incidentActions)
    .set({ ...next, updatedAt: new Date() })
    .where(and(eq(incidentActions.tenantId, ctx.tenantId), eq(incidentActions.id, actionId)));
  await touched(ctx, incident, 'action-updated', changes, actionId);
  return findAction(ctx, incidentId, actionId);
}

export async function deleteIncidentAction(
  ctx: TenantContext,
  incidentId: string,
  actionId: string,
): Promise<void> {
  const incident = await requireIncident(ctx, incidentId, 'write:incidents');
  const current = await findAction(ctx, incidentId, actionId);
  await ctx.tx
    .delete(incidentActions)
    .where(and(eq(incidentActions.tenantId, ctx.tenantId), eq(incidentActions.id, actionId)));
  await touched(
    ctx,
    incident,
    'action-removed',
    [{ field: 'action', oldValue: current.description, newValue: null }],
    actionId,
  );
}
