import { occurredAtFromFields } from '@wattle/domain/incidents/occurred-at';
import { z } from 'zod';
import { incidents } from '../../db/schema/incidents';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { publishIncidentChange } from './incident-events';
import type { IncidentRow } from './incident-records';

export interface NewIncidentCard {
  cardId: string;
  teamId: string;
  participantId: string | null;
  fieldValues: Record<string, unknown>;
  timeZone: string;
  now: Date;
}

/**
 * The register entry of a new incident-report card, in the transaction that creates the card
 * (createCard calls this for every card made from the 'incident-report' template, Quick Add's New
 * Incident included). It happened at the report's incident date and time in the tenant's zone, or
 * now; it starts open, not reportable, its severity not assessed (empty: not "no harm").
 */
export async function recordIncidentOfCard(ctx: TenantContext, card: NewIncidentCard): Promise<IncidentRow> {
  const occurredAt = occurredAtFromFields(card.fieldValues, card.timeZone, card.now);
  // A card's participant is free text in older records; only a participant record's id links.
  const participantId = z.uuid().safeParse(card.participantId).success ? card.participantId : null;
  const [row] = await ctx.tx
    .insert(incidents)
    .values({
      tenantId: ctx.tenantId,
      cardId: card.cardId,
      teamId: card.teamId,
      participantId,
      occurredAt,
      createdBy: ctx.actor.id,
      createdAt: card.now,
      updatedAt: card.now,
    })
    .returning();
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'incident',
    entityId: row!.id,
    action: 'created',
    changes: [{ field: 'occurredAt', oldValue: null, newValue: occurredAt.toISOString() }],
    metadata: { cardId: card.cardId, teamId: card.teamId, version: 1 },
  });
  await publishIncidentChange(ctx, 'created', { id: row!.id, version: 1 });
  return row!;
}
