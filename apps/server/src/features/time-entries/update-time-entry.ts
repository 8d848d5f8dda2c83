import { daysBetween } from '@wattle/domain/participants/plans';
import { addDays } from '@wattle/domain/time/clock';
import type { TimeEntry, UpdateTimeEntry } from '@wattle/domain/time/entries';
import { durationMinutes, timeRangeIssue } from '@wattle/domain/time/entries';
import { and, eq } from 'drizzle-orm';
import { timeEntries } from '../../db/schema/time-entries';
import { AppError, forbidden } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { entryChanges } from './entry-audit';
import { type EntryLinks, resolveEntryLinks } from './entry-links';
import { lockPersonTime, refuseOverlap } from './entry-overlap';
import { pricedColumns, priceTimeEntry } from './price-time-entry';
import { readsEntry, type TimeReach, timeReach } from './time-entry-access';
import { publishTimeEntryChanges } from './time-entry-events';
import {
  currentTimeEntry,
  findTimeEntryRow,
  hhmm,
  type TimeEntryRow,
  timeEntryNotFoundMessage,
} from './time-entry-records';

export const timeEntryConflictMessage =
  'Someone else changed this time entry since you opened it. Review their changes and try again.';

export const lockedEntryMessages = {
  submitted:
    'Submitted entries are locked. Ask your team lead to reject it if it needs a change, then edit and submit it again.',
  approved: 'Approved entries are locked; only an organisation admin can change one.',
  invoiced: 'This entry has been invoiced and can no longer be changed.',
} as const;

/** The 409 of a stale write, with the entry as it is now. */
export async function timeEntryConflict(ctx: TenantContext, id: string): Promise<AppError> {
  return new AppError('CONFLICT', timeEntryConflictMessage, { current: await currentTimeEntry(ctx, id) });
}

/**
 * An entry the caller can see, locked for this write; 404 for one that is missing or not theirs to
 * see, exactly alike.
 */
export async function loadVisibleEntry(
  ctx: TenantContext,
  id: string,
): Promise<{ row: TimeEntryRow; reach: TimeReach }> {
  const reach = await timeReach(ctx);
  const row = await findTimeEntryRow(ctx, id, { forUpdate: true });
  if (!row || !readsEntry(reach, row)) throw new AppError('NOT_FOUND', timeEntryNotFoundMessage);
  return { row, reach };
}

/**
 * Who may change an entry's content (edit or delete): its worker while it is a draft or rejected,
 * and a tenant admin at any stage before it is invoiced (a submitted or approved entry's change is
 * audited like any other, with its old and new values, and marked as such).
 */
export function refuseLockedEntry(reach: TimeReach, row: TimeEntryRow): void {
  if (row.isInvoiced) throw new AppError('WORKFLOW_REFUSED', lockedEntryMessages.invoiced);
  const isOwn = row.userId === reach.actorId;
  if (!isOwn && !reach.isTenantWide) throw forbidden();
  if (row.status === 'draft' || row.status === 'rejected') return;
  if (!reach.isTenantWide) throw new AppError('WORKFLOW_REFUSED', lockedEntryMessages[row.status]);
}

/**
 * `PATCH /api/time-entries/{id}`: the fields sent, from the version read. The merged entry is checked
 * as a new one would be: its times (400 'End time must be after start time.'), its participant and
 * card, the pricing rules (re-priced on every edit; an inactive code may stay but not be chosen), and
 * overlaps. When the date moves and no endDate is sent, the entry keeps its span of days (a night
 * shift stays overnight). Audited with each change's old and new value.
 */
export async function updateTimeEntry(
  ctx: TenantContext,
  id: string,
  input: UpdateTimeEntry,
): Promise<TimeEntry> {
  const { row, reach } = await loadVisibleEntry(ctx, id);
  if (input.version !== row.version) throw await timeEntryConflict(ctx, id);
  refuseLockedEntry(reach, row);

  const date = input.date ?? row.date;
  const endDate =
    input.endDate !== undefined ? (input.endDate ?? date) : addDays(date, daysBetween(row.date, row.endDate));
  const span = {
    date,
    startTime: input.startTime ?? hhmm(row.startTime),
    endDate,
    endTime: input.endTime ?? hhmm(row.endTime),
  };
  const timesIssue = timeRangeIssue(span);
  if (timesIssue) {
    throw new AppError('VALIDATION_FAILED', timesIssue.message, [
      { path: [timesIssue.field], message: timesIssue.message },
    ]);
  }

  const participantId = input.participantId !== undefined ? input.participantId : row.participantId;
  const cardId = input.cardId !== undefined ? input.cardId : row.cardId;
  let links: EntryLinks = { participantId, cardId, teamId: row.teamId };
  if (participantId !== row.participantId || cardId !== row.cardId) {
    links = await resolveEntryLinks(ctx, reach, { participantId, cardId });
    // An admin's edit of someone else's entry on neither participant nor card keeps its team (the
    // worker's, not the admin's).
    if (!links.participantId && !links.cardId && row.userId !== ctx.actor.id) links.teamId = row.teamId;
  }
  const timeCodeId = input.timeCodeId ?? row.timeCodeId;
  const isTravel = input.isTravel ?? row.isTravel;
  const cancellation =
    input.cancellation !== undefined
      ? input.cancellation
      : row.cancellationNoticeGivenOn
        ? { noticeGivenOn: row.cancellationNoticeGivenOn }
        : null;
  const { priced } = await priceTimeEntry(ctx, {
    entry: { ...span, isTravel, cancellation },
    timeCodeId,
    participantId: links.participantId,
    keptTimeCodeId: row.timeCodeId,
  });

  const next = {
    ...span,
    durationMinutes: durationMinutes(span),
    timeCodeId,
    participantId: links.participantId,
    cardId: links.cardId,
    teamId: links.teamId,
    description: input.description !== undefined ? input.description : row.description,
    location: input.location !== undefined ? input.location : row.location,
    isTravel,
    cancellationNoticeGivenOn: cancellation?.noticeGivenOn ?? null,
    ...pricedColumns(priced),
  };
  const changes = entryChanges(row, next);
  if (changes.length === 0 && JSON.stringify(row.notices) === JSON.stringify(next.notices)) {
    return currentTimeEntry(ctx, id);
  }

  const timesMoved = changes.some((c) => ['date', 'startTime', 'endDate', 'endTime'].includes(c.field));
  if (timesMoved) {
    await lockPersonTime(ctx.tx, ctx.tenantId, row.userId);
    await refuseOverlap(ctx.tx, {
      tenantId: ctx.tenantId,
      userId: row.userId,
      actorId: ctx.actor.id,
      span,
      excludeId: id,
    });
  }

  const version = row.version + 1;
  await ctx.tx
    .update(timeEntries)
    .set({ ...next, version, updatedAt: new Date() })
    .where(and(eq(timeEntries.tenantId, ctx.tenantId), eq(timeEntries.id, id)));
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'time-entry',
    entityId: id,
    action: 'updated',
    changes,
    metadata: {
      version,
      fromVersion: input.version,
      status: row.status,
      // A submitted or approved entry changed by an admin: the trail says so plainly.
      ...(row.status === 'submitted' || row.status === 'approved' ? { lockedEntryChangedByAdmin: true } : {}),
    },
  });
  await publishTimeEntryChanges(ctx, 'updated', [{ id, version }]);
  return currentTimeEntry(ctx, id);
}
