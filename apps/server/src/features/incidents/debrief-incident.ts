import { type DebriefIncidentInput, type Incident, incidentMessages } from '@wattle/domain/incidents/schemas';
import { and, eq, isNull } from 'drizzle-orm';
import { cards } from '../../db/schema/cards';
import { incidents } from '../../db/schema/incidents';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { createCard } from '../cards/create-card';
import { publishIncidentChange } from './incident-events';
import { findIncidentRow, requireIncident, toIncident } from './incident-records';

const debriefTemplateId = 'debrief-log';
const titleMax = 200;

/**
 * `POST /api/incidents/{id}/debrief`: links a Debrief Log card of the incident's team (cardId), or
 * creates one for it, titled after the incident, on its team and participant. An incident has one
 * debrief log; linking a second answers 409 while the first still exists.
 */
export async function debriefIncident(
  ctx: TenantContext,
  id: string,
  input: DebriefIncidentInput,
): Promise<Incident> {
  const joined = await requireIncident(ctx, id, 'write:incidents');
  const incident = joined.incident;
  if (incident.debriefCardId) {
    const [linked] = await ctx.tx
      .select({ id: cards.id })
      .from(cards)
      .where(
        and(eq(cards.tenantId, ctx.tenantId), eq(cards.id, incident.debriefCardId), isNull(cards.deletedAt)),
      );
    if (linked)
      throw new AppError('CONFLICT', incidentMessages.alreadyLinked, {
        current: await toIncident(ctx, joined),
      });
  }

  let cardId: string;
  if (input.cardId) {
    const [card] = await ctx.tx
      .select({ id: cards.id, teamId: cards.teamId, templateId: cards.templateId })
      .from(cards)
      .where(and(eq(cards.tenantId, ctx.tenantId), eq(cards.id, input.cardId), isNull(cards.deletedAt)));
    if (!card || card.teamId !== incident.teamId || card.templateId !== debriefTemplateId) {
      throw new AppError('VALIDATION_FAILED', incidentMessages.notDebriefLog, [
        { path: ['cardId'], message: incidentMessages.notDebriefLog },
      ]);
    }
    cardId = card.id;
  } else {
    const title = `Debrief: ${joined.cardTitle}`;
    const card = await createCard(ctx, {
      teamId: incident.teamId,
      title: title.length > titleMax ? `${title.slice(0, titleMax - 1)}…` : title,
      description: '',
      templateId: debriefTemplateId,
      participantId: incident.participantId,
    });
    cardId = card.id;
  }

  const version = incident.version + 1;
  await ctx.tx
    .update(incidents)
    .set({ debriefCardId: cardId, version, updatedAt: new Date() })
    .where(and(eq(incidents.tenantId, ctx.tenantId), eq(incidents.id, id)));
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'incident',
    entityId: id,
    action: 'debrief-linked',
    changes: [{ field: 'debriefCardId', oldValue: incident.debriefCardId, newValue: cardId }],
    metadata: { cardId: incident.cardId, version, created: !input.cardId },
  });
  await publishIncidentChange(ctx, 'updated', { id, version });
  const row = await findIncidentRow(ctx, id);
  return toIncident(ctx, row!);
}
