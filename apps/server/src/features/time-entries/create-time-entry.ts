import type { CreateTimeEntry, TimeEntry } from '@wattle/domain/time/entries';
import { durationMinutes } from '@wattle/domain/time/entries';
import { timeEntries } from '../../db/schema/time-entries';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { entryChanges } from './entry-audit';
import { resolveEntryLinks } from './entry-links';
import { lockPersonTime, refuseOverlap } from './entry-overlap';
import { pricedColumns, priceTimeEntry } from './price-time-entry';
import { requireTimeWriter, type TimeReach, timeReach } from './time-entry-access';
import { publishTimeEntryChanges } from './time-entry-events';
import { currentTimeEntry, type TimeEntryRow } from './time-entry-records';

/**
 * `POST /api/time-entries`: a draft entry of the caller's own time. In order, each refusal before
 * anything is written: write:time on the entry's team (its card's, participant's, or the worker's
 * one team); the pricing rules (422 PRICING_REFUSED with their message: an inactive code, a rate
 * over the price limit, an item not in force, travel or a cancellation the item does not allow);
 * then, holding the person's lock, no overlap with another of their entries (409 OVERLAP naming it).
 * Audited with every field; announced on the live feed.
 */
export async function createTimeEntry(ctx: TenantContext, input: CreateTimeEntry): Promise<TimeEntry> {
  const reach = await timeReach(ctx);
  const row = await insertTimeEntry(ctx, reach, input, { via: 'dialog' });
  return currentTimeEntry(ctx, row.id);
}

/** The create path every new entry takes (the dialog, the timer's Stop & Save, copying a week). */
export async function insertTimeEntry(
  ctx: TenantContext,
  reach: TimeReach,
  input: CreateTimeEntry,
  meta: { via: 'dialog' | 'timer' | 'copy-week' },
): Promise<TimeEntryRow> {
  requireTimeWriter(reach);
  const links = await resolveEntryLinks(ctx, reach, input);
  const span = {
    date: input.date,
    startTime: input.startTime,
    endDate: input.endDate ?? input.date,
    endTime: input.endTime,
  };
  const cancellation = input.cancellation ?? null;
  const { priced } = await priceTimeEntry(ctx, {
    entry: { ...span, isTravel: input.isTravel, cancellation },
    timeCodeId: input.timeCodeId,
    participantId: links.participantId,
  });
  await lockPersonTime(ctx.tx, ctx.tenantId, ctx.actor.id);
  await refuseOverlap(ctx.tx, { tenantId: ctx.tenantId, userId: ctx.actor.id, actorId: ctx.actor.id, span });

  const [row] = await ctx.tx
    .insert(timeEntries)
    .values({
      tenantId: ctx.tenantId,
      userId: ctx.actor.id,
      teamId: links.teamId,
      participantId: links.participantId,
      cardId: links.cardId,
      timeCodeId: input.timeCodeId,
      ...span,
      durationMinutes: durationMinutes(span),
      description: input.description ?? null,
      location: input.location ?? null,
      isTravel: input.isTravel,
      cancellationNoticeGivenOn: cancellation?.noticeGivenOn ?? null,
      ...pricedColumns(priced),
    })
    .returning();
  const created = row!;
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'time-entry',
    entityId: created.id,
    action: 'created',
    changes: entryChanges({}, created),
    metadata: { version: created.version, via: meta.via },
  });
  await publishTimeEntryChanges(ctx, 'created', [created]);
  return created;
}
