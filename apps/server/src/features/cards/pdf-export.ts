import { isExportBlocked } from '@wattle/domain/cards/compliance';
import type { Card } from '@wattle/domain/cards/schemas';
import type { FormTemplate } from '@wattle/domain/templates/schemas';
import { eq } from 'drizzle-orm';
import { tenants } from '../../db/schema/tenants';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { loadCard, templateForCard } from './card-records';
import { type CardPdfInput, cardPdfFileName } from './pdf-render';

/**
 * What `GET /api/cards/{id}/pdf` renders: a card the caller may read, its template, the tenant and
 * the participant's name. Refused when the card has no template (400) or while its stored
 * compliance has critical or high issues (422 COMPLIANCE_REQUIRED 'Compliance required', spec work
 * section 5). The PDF is drawn after this transaction ends, so no connection waits on the drawing.
 */
export async function prepareCardPdf(
  ctx: TenantContext,
  cardId: string,
  now = new Date(),
): Promise<CardPdfInput & { fileName: string }> {
  const { card, access } = await loadCard(ctx, cardId, 'read:cards');
  const template = await templateForCard(ctx, card);
  if (!template) throw new AppError('BAD_REQUEST', 'This card has no template to export');
  if (isExportBlocked(card.compliance.issues))
    throw new AppError('COMPLIANCE_REQUIRED', 'Compliance required');
  const [tenant] = await ctx.tx
    .select({ name: tenants.name, timeZone: tenants.timeZone })
    .from(tenants)
    .where(eq(tenants.id, ctx.tenantId));
  if (!tenant) throw new AppError('NOT_FOUND', 'Organisation not found');
  const teamParticipant = access.participant;
  return {
    tenantName: tenant.name,
    timeZone: tenant.timeZone,
    card,
    template,
    participantName:
      teamParticipant && card.participantId === teamParticipant.id ? teamParticipant.name : null,
    generatedAt: now,
    generatedBy: ctx.actor.name,
    fileName: cardPdfFileName(card, template),
  };
}

/** The 'exported' entry of the card's audit trail, written once the PDF is ready to send. */
export async function recordCardExport(
  ctx: TenantContext,
  exported: { card: Card; template: FormTemplate; fileName: string; bytes: number },
): Promise<void> {
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'card',
    entityId: exported.card.id,
    action: 'exported',
    metadata: {
      format: 'pdf',
      fileName: exported.fileName,
      bytes: exported.bytes,
      templateId: exported.template.id,
      templateVersion: exported.template.version,
      cardVersion: exported.card.version,
    },
  });
}
