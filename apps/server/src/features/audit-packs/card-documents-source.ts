import type { Card } from '@wattle/domain/cards/schemas';
import { builtInTemplates, findBuiltInTemplate } from '@wattle/domain/templates/built-in-templates';
import type { FormTemplate } from '@wattle/domain/templates/schemas';
import { and, asc, eq, gt, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { cards } from '../../db/schema/cards';
import { participants } from '../../db/schema/participants';
import { teams } from '../../db/schema/teams';
import { formTemplates } from '../../db/schema/templates';
import { selectCardRows, toCard } from '../cards/card-records';
import { renderCardPdf } from '../cards/pdf-render';
import {
  type EvidenceContext,
  type EvidenceScope,
  type EvidenceSource,
  inScope,
  instantBeforePeriodEnd,
  instantFromPeriodStart,
  pagedRows,
} from './evidence-scope';
import { type PackWriter, safeName } from './pack-writer';
import {
  cardAsVersion,
  manifestPlanVersion,
  planVersionsOfCards,
  versionNote,
} from './plan-version-documents';

/** Which templates' cards a document source exports. */
export type TemplatePick = (template: Pick<FormTemplate, 'id' | 'name' | 'category'>) => boolean;

/** Consent forms: the built-in Provider Consent Form and any custom template with "consent" in its name. */
export const isConsentTemplate: TemplatePick = (t) =>
  t.id === 'provider-consent-form' || /consent/i.test(t.name);
/** Plans: templates of the plan category (behaviour support plans …) that are not consent forms. */
export const isPlanTemplate: TemplatePick = (t) => t.category === 'plan' && !isConsentTemplate(t);
/** Training records: templates of the training category (the Training Attendance Register …). */
export const isTrainingTemplate: TemplatePick = (t) => t.category === 'training';

/** The ids of the built-in and the tenant's custom templates (retired ones too) a pick takes. */
async function pickedTemplates(
  tx: Tx,
  tenantId: string,
  pick: TemplatePick,
): Promise<Map<string, FormTemplate>> {
  const picked = new Map<string, FormTemplate>();
  for (const template of builtInTemplates) if (pick(template)) picked.set(template.id, template);
  const rows = await tx.select().from(formTemplates).where(eq(formTemplates.tenantId, tenantId));
  for (const row of rows) {
    const template: FormTemplate = {
      ...row.definition,
      id: row.id,
      tenantId: row.tenantId,
      isActive: row.isActive,
      isBuiltIn: false,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
    if (pick(template)) picked.set(row.id, template);
  }
  return picked;
}

/**
 * The cards of the picked templates that belong to the period: made before it ended and not archived
 * before it began (a plan in force during the period is evidence even if nobody touched it then).
 */
function cardConditions(scope: EvidenceScope, templateIds: string[]): SQL {
  const byParticipant =
    scope.scope === 'participant' && scope.participantIds
      ? inArray(cards.participantId, scope.participantIds)
      : undefined;
  const byTeam = inScope(cards.teamId, scope.teamIds);
  return and(
    eq(cards.tenantId, scope.tenantId),
    isNull(cards.deletedAt),
    inArray(cards.templateId, templateIds),
    byParticipant && byTeam ? or(byTeam, byParticipant) : (byTeam ?? byParticipant),
    instantBeforePeriodEnd(cards.createdAt, scope),
    or(ne(cards.status, 'archived'), instantFromPeriodStart(cards.updatedAt, scope)),
  )!;
}

/**
 * Evidence of form documents: each card of the picked templates as the PDF its Export PDF gives
 * (the same renderer), in `<folder>/<participant or team>/<work item> <template>.pdf`. A card whose
 * compliance is incomplete is exported all the same: its PDF says so, and an auditor needs to see it.
 * With `planVersions`, a behaviour support plan's working card is drawn as its versions instead
 * (plan-version-documents.ts).
 */
export function cardDocumentsSource(options: {
  name: string;
  folder: string;
  weight: number;
  pick: TemplatePick;
  requestedBy: () => string;
  /**
   * Draws a behaviour support plan's card as the plan's versions in force during the period (their
   * frozen copies), one PDF each named `… v<n>.pdf`, rather than as the working card is now.
   */
  planVersions?: boolean;
}): EvidenceSource {
  return {
    name: options.name,
    weight: options.weight,
    async collect(ctx: EvidenceContext, out: PackWriter) {
      const { scope } = ctx;
      const templates = await ctx.read((tx) => pickedTemplates(tx, scope.tenantId, options.pick));
      if (templates.size === 0) return;
      const templateIds = [...templates.keys()];
      const where = cardConditions(scope, templateIds);
      const [{ total } = { total: 0 }] = await ctx.read((tx) =>
        tx.select({ total: sql<number>`count(*)::int` }).from(cards).where(where),
      );
      if (total === 0) return;
      const names = await ctx.read((tx) => ownerNames(tx, scope));
      let done = 0;
      const pages = pagedRows(
        ctx,
        (tx, after, limit) =>
          selectCardRows(tx)
            .where(after ? and(where, gt(cards.id, after)) : where)
            .orderBy(asc(cards.id))
            .limit(limit)
            .then((rows) => rows.map((row) => ({ id: row.card.id, row }))),
        50,
      );
      for await (const page of pages) {
        const planVersions = options.planVersions
          ? await ctx.read((tx) =>
              planVersionsOfCards(
                tx,
                scope,
                page.map((p) => p.id),
              ),
            )
          : null;
        for (const { row } of page) {
          if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('stopped');
          const card = toCard(row);
          const template = templates.get(card.templateId ?? '') ?? findBuiltInTemplate(card.templateId ?? '');
          if (!template) continue;
          const participantName = card.participantId ? names.participants.get(card.participantId) : undefined;
          const owner = participantName ?? names.teams.get(card.teamId) ?? 'No participant';
          const folder = `${options.folder}/${safeName(owner)}`;
          const draw = (shown: Card, versionNote?: string) =>
            renderCardPdf({
              tenantName: scope.tenantName,
              card: shown,
              template,
              participantName: participantName ?? null,
              generatedAt: new Date(),
              generatedBy: options.requestedBy(),
              timeZone: scope.timeZone,
              versionNote,
            });
          const versions = planVersions?.get(card.id) ?? [];
          if (versions.length === 0) {
            await out.add(
              `${folder}/${safeName(`${card.workItemId} ${template.name}`)}.pdf`,
              await draw(card),
              {
                compress: false,
              },
            );
          }
          // A behaviour support plan: each version in force in the period, from its frozen copy.
          for (const version of versions) {
            const pdf = await draw(
              cardAsVersion(card, template, version),
              versionNote(version, scope.timeZone),
            );
            await out.add(
              `${folder}/${safeName(`${card.workItemId} ${template.name} v${version.number}`)}.pdf`,
              pdf,
              { compress: false, describe: manifestPlanVersion(version) },
            );
          }
          ctx.progress(++done, total);
        }
      }
    },
  };
}

/** Participant and team names of the scope, for folder names. */
async function ownerNames(tx: Tx, scope: EvidenceScope) {
  const participantRows = await tx
    .select({ id: participants.id, name: participants.name })
    .from(participants)
    .where(and(eq(participants.tenantId, scope.tenantId), inScope(participants.id, scope.participantIds)));
  const teamRows = await tx
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.tenantId, scope.tenantId), inScope(teams.id, scope.teamIds)));
  return {
    participants: new Map(participantRows.map((r) => [r.id, r.name])),
    teams: new Map(teamRows.map((r) => [r.id, r.name])),
  };
}
