import { planPrefillValues } from '@wattle/domain/behaviour-support/prefill';
import type { CreatePlanInput, Plan, PlanPrefill } from '@wattle/domain/behaviour-support/schemas';
import { planMessages } from '@wattle/domain/behaviour-support/schemas';
import { displayValue } from '@wattle/domain/behaviour-support/version-diff';
import { type PlanKind, planTemplateIds } from '@wattle/domain/behaviour-support/workflow';
import type { FormTemplate } from '@wattle/domain/templates/schemas';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { behaviourSupportPlans, behaviourSupportPlanVersions } from '../../db/schema/behaviour-support';
import { cards } from '../../db/schema/cards';
import { participants } from '../../db/schema/participants';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { createCard } from '../cards/create-card';
import { findTemplate } from '../templates/template-records';
import { requirePlanWriter, teamPlanReach } from './plan-access';
import { publishPlanChange } from './plan-events';
import { readPlan } from './plan-records';

const assessmentTemplateId = 'functional-behaviour-assessment';

const titles: Record<PlanKind, string> = {
  interim: 'Interim Behaviour Support Plan',
  comprehensive: 'Comprehensive Behaviour Support Plan',
};

/** The participant (from the team, or the team from the participant) and the caller's reach there. */
async function planSubject(ctx: TenantContext, input: { participantId?: string; teamId?: string }) {
  const [participant] = await ctx.tx
    .select()
    .from(participants)
    .where(
      and(
        eq(participants.tenantId, ctx.tenantId),
        input.participantId
          ? eq(participants.id, input.participantId)
          : eq(participants.teamId, input.teamId!),
      ),
    );
  const teamId = input.teamId ?? participant?.teamId ?? null;
  const reach = teamId ? await teamPlanReach(ctx, teamId) : null;
  if (!teamId || !reach?.readsAll) {
    throw new AppError('NOT_FOUND', input.teamId ? 'Team not found' : 'Participant not found');
  }
  if (!participant) throw new AppError('WORKFLOW_REFUSED', planMessages.noParticipant);
  if (participant.teamId !== teamId) {
    throw new AppError('VALIDATION_FAILED', planMessages.participantNotOnTeam, [
      { path: ['participantId'], message: planMessages.participantNotOnTeam },
    ]);
  }
  return { participant, teamId, reach };
}

/** The template of the kind, its prefilled values and the assessment they came from. */
async function prefillFor(
  ctx: TenantContext,
  participant: typeof participants.$inferSelect,
  kind: PlanKind,
): Promise<{
  template: FormTemplate;
  values: ReturnType<typeof planPrefillValues>;
  assessment: PlanPrefill['assessment'];
}> {
  const template = await findTemplate(ctx, planTemplateIds[kind]);
  if (!template) throw new Error(`The built-in template ${planTemplateIds[kind]} is missing`);
  const [assessment] = await ctx.tx
    .select({ id: cards.id, title: cards.title, fieldValues: cards.fieldValues, updatedAt: cards.updatedAt })
    .from(cards)
    .where(
      and(
        eq(cards.tenantId, ctx.tenantId),
        eq(cards.participantId, participant.id),
        eq(cards.templateId, assessmentTemplateId),
        isNull(cards.deletedAt),
      ),
    )
    .orderBy(desc(cards.updatedAt))
    .limit(1);
  const values = planPrefillValues(
    template.fields,
    {
      name: participant.name,
      ndisNumber: participant.ndisNumber,
      dateOfBirth: participant.dateOfBirth,
      address: participant.address,
      emergencyContact: participant.emergencyContact ?? null,
    },
    assessment?.fieldValues ?? null,
  );
  return {
    template,
    values,
    assessment: assessment
      ? { cardId: assessment.id, title: assessment.title, updatedAt: assessment.updatedAt.toISOString() }
      : null,
  };
}

/**
 * An existing card of the participant's team made from the kind's template, for a plan to take as its
 * working card (the demo data's plan card written before plans were records); anything else refuses.
 */
async function adoptableCard(
  ctx: TenantContext,
  cardId: string,
  want: { teamId: string; participantId: string; templateId: string },
): Promise<{ id: string }> {
  const [card] = await ctx.tx
    .select({
      id: cards.id,
      teamId: cards.teamId,
      participantId: cards.participantId,
      templateId: cards.templateId,
    })
    .from(cards)
    .where(and(eq(cards.tenantId, ctx.tenantId), eq(cards.id, cardId), isNull(cards.deletedAt)));
  if (
    !card ||
    card.teamId !== want.teamId ||
    card.participantId !== want.participantId ||
    card.templateId !== want.templateId
  ) {
    throw new AppError('VALIDATION_FAILED', 'The card is not a plan form of this participant', [
      { path: ['cardId'], message: 'The card is not a plan form of this participant' },
    ]);
  }
  return { id: card.id };
}

/** `GET /api/behaviour-support-plans/prefill`: what a new plan of the kind would start with. */
export async function planPrefill(ctx: TenantContext, teamId: string, kind: PlanKind): Promise<PlanPrefill> {
  const { participant, reach } = await planSubject(ctx, { teamId });
  requirePlanWriter(reach);
  const { template, values, assessment } = await prefillFor(ctx, participant, kind);
  return {
    participantId: participant.id,
    participantName: participant.name,
    assessment,
    fields: template.fields
      .filter((f) => values[f.id] !== undefined)
      .map((f) => ({ id: f.id, name: f.name, value: displayValue(f, values[f.id]) })),
  };
}

/**
 * `POST /api/behaviour-support-plans`: a draft plan (version 1) for the participant, with its working
 * card made from the kind's built-in template and prefilled (prefill.ts). Audited and announced.
 */
export async function createPlan(
  ctx: TenantContext,
  input: CreatePlanInput,
  options: { adoptCardId?: string } = {},
): Promise<Plan> {
  const { participant, teamId, reach } = await planSubject(ctx, input);
  requirePlanWriter(reach);
  const { template, values } = await prefillFor(ctx, participant, input.kind);
  const title = input.title ?? `${titles[input.kind]}: ${participant.name}`;
  const card = options.adoptCardId
    ? await adoptableCard(ctx, options.adoptCardId, {
        teamId,
        participantId: participant.id,
        templateId: template.id,
      })
    : await createCard(ctx, {
        teamId,
        title,
        description: '',
        templateId: template.id,
        participantId: participant.id,
        fieldValues: values,
      });
  const [plan] = await ctx.tx
    .insert(behaviourSupportPlans)
    .values({
      tenantId: ctx.tenantId,
      participantId: participant.id,
      teamId,
      cardId: card.id,
      kind: input.kind,
      title,
      createdBy: ctx.actor.id,
    })
    .returning();
  await ctx.tx.insert(behaviourSupportPlanVersions).values({
    tenantId: ctx.tenantId,
    planId: plan!.id,
    number: 1,
    status: 'draft',
    changeSummary: 'First version',
    createdBy: ctx.actor.id,
  });
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'behaviour-support-plan',
    entityId: plan!.id,
    action: 'created',
    changes: [
      { field: 'kind', oldValue: null, newValue: input.kind },
      { field: 'status', oldValue: null, newValue: 'draft' },
    ],
    metadata: { version: 1, cardId: card.id, participantId: participant.id, teamId },
  });
  await publishPlanChange(ctx, 'created', plan!.id, 1);
  return readPlan(ctx, plan!.id);
}
