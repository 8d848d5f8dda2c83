import { can } from '@wattle/domain/auth/permissions';
import { isStatusEditable } from '@wattle/domain/cards/workflow';
import type { FormSectionId, TemplateCategory } from '@wattle/domain/templates/schemas';
import { formSections } from '@wattle/domain/templates/sections';
import { and, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { cards } from '../../db/schema/cards';
import { tenants } from '../../db/schema/tenants';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { findTemplate } from '../templates/template-records';
import { type DraftSourceCard, draftSection, type SectionDraft } from './ai-draft';
import { loadCard, teamAccessList, templateForCard } from './card-records';

/** How many of the participant's other cards a draft reads at most (newest first). */
const maxSources = 500;

/**
 * `POST /api/cards/{id}/ai-draft`: a draft of one section of a card the caller may write, from the
 * participant's other cards on teams the caller may read. Reads only; the form applies the values
 * as ordinary changes, so they are saved, audited and undone like typing.
 */
export async function draftCardSection(
  ctx: TenantContext,
  cardId: string,
  sectionId: FormSectionId,
): Promise<SectionDraft> {
  const section = formSections.find((s) => s.id === sectionId);
  if (!section?.hasAi) {
    throw new AppError('BAD_REQUEST', `${section?.name ?? 'This section'} has no AI drafting`);
  }
  const { card } = await loadCard(ctx, cardId, 'write:cards');
  if (!isStatusEditable(card.status)) {
    throw new AppError(
      'WORKFLOW_REFUSED',
      `This card is ${card.status} and can no longer be edited. Move it back to in progress first.`,
    );
  }
  const template = await templateForCard(ctx, card);
  if (!template) throw new AppError('BAD_REQUEST', 'This card has no template to draft from');
  const empty: SectionDraft = {
    fieldValues: {},
    sources: { assessments: 0, incidents: 0, previousPlans: 0 },
  };
  if (!card.participantId) return empty;

  const readable = (await teamAccessList(ctx))
    .filter((a) => can(a.role, 'read:cards', a.isClinician))
    .map((a) => a.teamId);
  if (readable.length === 0) return empty;
  const rows = await ctx.tx
    .select({
      id: cards.id,
      title: cards.title,
      type: cards.type,
      templateId: cards.templateId,
      fieldValues: cards.fieldValues,
      createdAt: cards.createdAt,
      updatedAt: cards.updatedAt,
    })
    .from(cards)
    .where(
      and(
        eq(cards.tenantId, ctx.tenantId),
        eq(cards.participantId, card.participantId),
        ne(cards.id, card.id),
        isNull(cards.deletedAt),
        inArray(cards.teamId, readable),
      ),
    )
    .orderBy(desc(cards.updatedAt), desc(cards.id))
    .limit(maxSources);

  const categories = new Map<string, TemplateCategory | null>();
  for (const id of new Set(rows.map((r) => r.templateId).filter((id): id is string => !!id))) {
    categories.set(id, (await findTemplate(ctx, id, { includeInactive: true }))?.category ?? null);
  }
  const sources: DraftSourceCard[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    type: r.type,
    templateCategory: r.templateId ? (categories.get(r.templateId) ?? null) : null,
    fieldValues: r.fieldValues,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
  const [tenant] = await ctx.tx
    .select({ timeZone: tenants.timeZone })
    .from(tenants)
    .where(eq(tenants.id, ctx.tenantId));
  return draftSection({
    template,
    card,
    sectionId,
    sources,
    timeZone: tenant?.timeZone ?? 'Australia/Sydney',
  });
}
