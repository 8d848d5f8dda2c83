import { daysBetween } from '@wattle/domain/participants/plans';
import { addDays } from '@wattle/domain/time/clock';
import type { TimeEntry } from '@wattle/domain/time/entries';
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { timeEntries } from '../../db/schema/time-entries';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { insertTimeEntry } from './create-time-entry';
import { entryOrder } from './list-time-entries';
import { requireTimeWriter, timeReach } from './time-entry-access';
import { hhmm, selectTimeEntries, toTimeEntry } from './time-entry-records';
import type { CopyWeek } from './time-entry-schemas';

/**
 * `POST /api/time-entries/copy-week`: the caller's entries of one week (Monday to Sunday) again in
 * another, as drafts: the same weekday, times, code, participant, card, location, travel and
 * description, priced afresh for the new dates. An entry that would overlap one already there (or a
 * copy made before it), or that the pricing rules refuse on its new date, is skipped and counted.
 */
export async function copyWeek(
  ctx: TenantContext,
  input: CopyWeek,
): Promise<{ created: TimeEntry[]; skipped: number }> {
  const reach = await timeReach(ctx);
  requireTimeWriter(reach);
  const shift = daysBetween(input.fromWeekStart, input.toWeekStart);
  const sources = await ctx.tx
    .select()
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.tenantId, ctx.tenantId),
        eq(timeEntries.userId, ctx.actor.id),
        gte(timeEntries.date, input.fromWeekStart),
        lte(timeEntries.date, addDays(input.fromWeekStart, 6)),
      ),
    )
    .orderBy(...entryOrder);

  const createdIds: string[] = [];
  let skipped = 0;
  for (const source of sources) {
    try {
      const row = await insertTimeEntry(
        ctx,
        reach,
        {
          date: addDays(source.date, shift),
          endDate: addDays(source.endDate, shift),
          startTime: hhmm(source.startTime),
          endTime: hhmm(source.endTime),
          timeCodeId: source.timeCodeId,
          participantId: source.participantId,
          cardId: source.cardId,
          description: source.description,
          location: source.location,
          isTravel: source.isTravel,
          // A cancellation belongs to the day it happened; the copy is a support to be given.
          cancellation: null,
        },
        { via: 'copy-week' },
      );
      createdIds.push(row.id);
    } catch (error) {
      // Refusals are thrown before anything is written, so the transaction carries on.
      const isRefusal =
        error instanceof AppError &&
        [
          'OVERLAP',
          'PRICING_REFUSED',
          'NOT_FOUND',
          'WORKFLOW_REFUSED',
          'VALIDATION_FAILED',
          'FORBIDDEN',
        ].includes(error.code);
      if (!isRefusal) throw error;
      skipped += 1;
    }
  }
  const created =
    createdIds.length === 0
      ? []
      : (
          await selectTimeEntries(ctx.tx)
            .where(and(eq(timeEntries.tenantId, ctx.tenantId), inArray(timeEntries.id, createdIds)))
            .orderBy(...entryOrder)
        ).map(toTimeEntry);
  return { created, skipped };
}
