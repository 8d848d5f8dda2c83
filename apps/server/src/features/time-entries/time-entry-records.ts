import type { TimeBand } from '@wattle/domain/time/bands';
import type { TimeEntry } from '@wattle/domain/time/entries';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { cards } from '../../db/schema/cards';
import { timeCodes } from '../../db/schema/catalogue';
import { participants } from '../../db/schema/participants';
import { timeEntries } from '../../db/schema/time-entries';
import { users } from '../../db/schema/users';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';

export type TimeEntryRow = typeof timeEntries.$inferSelect;

export const timeEntryNotFoundMessage = 'Time entry not found';

/** Postgres answers a time as 'HH:mm:ss'; entries are kept to the minute. */
export function hhmm(time: string): string {
  return time.slice(0, 5);
}

/**
 * Entries with the names the API shows beside them: the worker, participant, card and time code.
 * The joins name the tenant, so they use the tenant-leading keys of each table.
 */
export function selectTimeEntries(tx: Queryable) {
  return tx
    .select({
      entry: timeEntries,
      userName: users.name,
      participantName: participants.name,
      cardTitle: cards.title,
      code: timeCodes.code,
      codeDescription: timeCodes.description,
    })
    .from(timeEntries)
    .innerJoin(users, eq(users.id, timeEntries.userId))
    .innerJoin(
      timeCodes,
      and(eq(timeCodes.tenantId, timeEntries.tenantId), eq(timeCodes.id, timeEntries.timeCodeId)),
    )
    .leftJoin(
      participants,
      and(eq(participants.tenantId, timeEntries.tenantId), eq(participants.id, timeEntries.participantId)),
    )
    .leftJoin(cards, and(eq(cards.tenantId, timeEntries.tenantId), eq(cards.id, timeEntries.cardId)))
    .$dynamic();
}

export type TimeEntryJoined = Awaited<ReturnType<ReturnType<typeof selectTimeEntries>['execute']>>[number];

export function toTimeEntry(row: TimeEntryJoined): TimeEntry {
  const e = row.entry;
  return {
    id: e.id,
    tenantId: e.tenantId,
    userId: e.userId,
    userName: row.userName,
    teamId: e.teamId,
    participantId: e.participantId,
    participantName: row.participantName,
    cardId: e.cardId,
    cardTitle: row.cardTitle,
    date: e.date,
    startTime: hhmm(e.startTime),
    endTime: hhmm(e.endTime),
    endDate: e.endDate,
    duration: e.durationMinutes,
    timeCodeId: e.timeCodeId,
    ndisTimeCode: row.code,
    ndisTimeCodeDescription: row.codeDescription,
    description: e.description,
    isTravel: e.isTravel,
    location: e.location,
    status: e.status,
    rejectionReason: e.rejectionReason,
    isInvoiced: e.isInvoiced,
    invoiceId: e.invoiceId,
    supportItemNumber: e.supportItemNumber,
    supportItemName: e.supportItemName,
    band: e.band as TimeBand,
    unitPriceCents: e.unitPriceCents,
    priceLimitCents: e.priceLimitCents,
    billableMinutes: e.billableMinutes,
    amountCents: e.amountCents,
    isCancellation: e.isCancellation,
    cancellationNoticeGivenOn: e.cancellationNoticeGivenOn,
    notices: e.notices,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
    submittedAt: e.submittedAt?.toISOString() ?? null,
    approvedAt: e.approvedAt?.toISOString() ?? null,
    approvedBy: e.approvedBy,
    rejectedAt: e.rejectedAt?.toISOString() ?? null,
    rejectedBy: e.rejectedBy,
    version: e.version,
  };
}

function byId(ctx: Pick<TenantContext, 'tenantId'>, id: string): SQL {
  return and(eq(timeEntries.tenantId, ctx.tenantId), eq(timeEntries.id, id))!;
}

/** One entry's row, locked for the write that follows when asked; null when there is none. */
export async function findTimeEntryRow(
  ctx: Pick<TenantContext, 'tx' | 'tenantId'>,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<TimeEntryRow | null> {
  const query = ctx.tx.select().from(timeEntries).where(byId(ctx, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** The entry as the API answers it; 404 when it is not there. */
export async function currentTimeEntry(
  ctx: Pick<TenantContext, 'tx' | 'tenantId'>,
  id: string,
): Promise<TimeEntry> {
  const [row] = await selectTimeEntries(ctx.tx).where(byId(ctx, id));
  if (!row) throw new AppError('NOT_FOUND', timeEntryNotFoundMessage);
  return toTimeEntry(row);
}
