import { positionGap } from '@wattle/domain/cards/board';
import { requiredFieldIdsFilled, validateCompliance } from '@wattle/domain/cards/compliance';
import type { Card, CreateCardInput } from '@wattle/domain/cards/schemas';
import { columnForStatus, ndisStatusOf, stateOfStatus } from '@wattle/domain/cards/status-columns';
import { formatWorkItemId } from '@wattle/domain/cards/work-item-id';
import {
  defaultCardType,
  defaultCategory,
  templateIdFromTitle,
} from '@wattle/domain/templates/template-choice';
import { eq, sql } from 'drizzle-orm';
import { cards, tenantCounters } from '../../db/schema/cards';
import { tenants } from '../../db/schema/tenants';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { publishChange } from '../events/change-feed';
import { recordIncidentOfCard } from '../incidents/record-incident-of-card';
import { requireParticipantOfTenant } from '../participants/participant-of-tenant';
import { findTemplate } from '../templates/template-records';
import { assigneeNameOnTeam } from './card-assignee';
import { requireCardPermission, selectCardRow, toCard } from './card-records';
import { addDays, buildSearchText, checkedFieldValues, defaultFieldValues, todayIn } from './card-values';
import { recordSignatures } from './record-signatures';

/** The next number of a per-tenant counter; the counter row stays locked until the transaction ends. */
async function nextCounterValue(ctx: TenantContext, name: string): Promise<number> {
  const [row] = await ctx.tx
    .insert(tenantCounters)
    .values({ tenantId: ctx.tenantId, name, value: 1 })
    .onConflictDoUpdate({
      target: [tenantCounters.tenantId, tenantCounters.name],
      set: { value: sql`${tenantCounters.value} + 1` },
    })
    .returning({ value: tenantCounters.value });
  return row!.value;
}

/**
 * `POST /api/cards`: a new card on a team the caller may write cards on. Its template is the one
 * named, or the one its title's keywords suggest; it starts as a draft of medium priority in the
 * team's first workflow column, due after the template's estimated duration, with the template's
 * default values, its compliance computed, and one 'created' audit entry.
 */
export async function createCard(ctx: TenantContext, input: CreateCardInput): Promise<Card> {
  const access = await requireCardPermission(ctx, input.teamId, 'write:cards');

  const templateId = input.templateId === undefined ? templateIdFromTitle(input.title) : input.templateId;
  const template = templateId ? await findTemplate(ctx, templateId) : null;
  if (templateId && !template) {
    throw new AppError('VALIDATION_FAILED', `Unknown template "${templateId}"`, [
      { path: ['templateId'], message: `Unknown template "${templateId}"` },
    ]);
  }
  const defaults = defaultFieldValues(template);
  const given = checkedFieldValues(template, input.fieldValues ?? {});
  const fieldValues = {
    ...defaults,
    ...recordSignatures(ctx, access, {
      template,
      previous: {},
      incoming: given,
      values: { ...defaults, ...given },
      now: new Date(),
    }),
  };
  if (input.participantId) await requireParticipantOfTenant(ctx, input.participantId);
  const assigneeId = input.assigneeId ?? null;
  const assigneeName = assigneeId ? await assigneeNameOnTeam(ctx, input.teamId, assigneeId) : null;

  const [tenant] = await ctx.tx
    .select({ prefix: tenants.prefix, timeZone: tenants.timeZone })
    .from(tenants)
    .where(eq(tenants.id, ctx.tenantId));
  if (!tenant) throw new AppError('NOT_FOUND', 'Organisation not found');
  const now = new Date();
  const today = todayIn(tenant.timeZone, now);
  const dueDate =
    input.dueDate !== undefined
      ? input.dueDate
      : template
        ? addDays(today, template.estimatedDuration)
        : null;
  // A new card is a draft, in its team's draft column (decision 0037).
  const column = columnForStatus(access.workflowStates, 'draft', null);
  // The prefix stored when the tenant was created, so renaming a tenant changes no work item id.
  const prefix = tenant.prefix;
  const number = await nextCounterValue(ctx, 'work-item');
  const workItemId = formatWorkItemId(prefix, number);
  const compliance = validateCompliance(template, fieldValues, now);

  const [inserted] = await ctx.tx
    .insert(cards)
    .values({
      tenantId: ctx.tenantId,
      teamId: input.teamId,
      number,
      workItemPrefix: prefix,
      type: input.type ?? defaultCardType(template),
      templateId: template?.id ?? null,
      templateName: template?.name ?? null,
      // New cards take the latest version; they keep it when the template gets newer ones.
      templateVersion: template?.versionNumber ?? null,
      title: input.title,
      description: input.description,
      participantId:
        input.participantId !== undefined ? input.participantId : (access.participant?.id ?? null),
      assigneeId,
      status: 'draft',
      state: stateOfStatus('draft'),
      ndisStatus: ndisStatusOf('draft'),
      workflowStateId: column,
      // New cards go to the end of their column, in creation order (see board.ts).
      boardPosition: number * positionGap,
      priority: input.priority ?? 'medium',
      category: input.category !== undefined ? input.category : defaultCategory(template),
      startDate: input.startDate ?? null,
      dueDate,
      tags: input.tags ?? [],
      fieldValues,
      completedRequirements: {
        fields: requiredFieldIdsFilled(template, fieldValues),
        documents: [],
        approvals: [],
      },
      compliance,
      fieldVersions: {},
      searchText: buildSearchText({
        workItemId,
        title: input.title,
        description: input.description,
        assigneeName,
        dueDate,
        createdDate: today,
        fieldValues,
      }),
      version: 1,
      createdAt: now,
      updatedAt: now,
      createdBy: ctx.actor.id,
      lastModifiedBy: ctx.actor.id,
    })
    .returning({ id: cards.id });
  const id = inserted!.id;

  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'card',
    entityId: id,
    action: 'created',
    changes: [
      { field: 'title', oldValue: null, newValue: input.title },
      { field: 'status', oldValue: null, newValue: 'draft' },
    ],
    metadata: { workItemId, teamId: input.teamId, templateId: template?.id ?? null, version: 1 },
  });
  await publishChange(ctx.tx, {
    tenantId: ctx.tenantId,
    userId: null,
    event: { type: 'created', entity: 'card', id, version: 1 },
  });
  const row = await selectCardRow(ctx, id);
  // Every incident report is an entry of the incidents register, made in the same transaction.
  if (template?.id === 'incident-report') {
    const { participantId } = row!.card;
    await recordIncidentOfCard(ctx, {
      cardId: id,
      teamId: input.teamId,
      participantId,
      fieldValues,
      timeZone: tenant.timeZone,
      now,
    });
  }
  return toCard(row!);
}
