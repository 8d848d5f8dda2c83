import { addDays } from '@wattle/domain/time/clock';
import { and, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { timeCodes } from '../../db/schema/catalogue';
import { timeEntries } from '../../db/schema/time-entries';
import { AppError } from '../../http/app-error';
import { formatEntrySpan } from './entry-labels';
import { hhmm } from './time-entry-records';

export interface EntrySpan {
  date: string;
  startTime: string;
  endDate: string;
  endTime: string;
}

/**
 * Serialises the writes of one person's time in one tenant until the transaction ends: two
 * requests adding overlapping entries at once (two tabs, the timer and the dialog) take turns, so
 * the second sees the first and is refused. A transaction-scoped advisory lock works alike on
 * Postgres and PGlite and needs no extension; it is keyed by a hash of tenant and person.
 */
export async function lockPersonTime(tx: Queryable, tenantId: string, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`time:${tenantId}:${userId}`}, 0))`);
}

/**
 * The person's entry that shares some of this span, or null. Spans touching end to start (09:00–10:00
 * and 10:00–11:00) do not overlap. An entry is at most a day long, so only entries dated from the day
 * before are looked at, through the (tenant, user, date) index.
 */
export async function findOverlap(
  tx: Queryable,
  tenantId: string,
  userId: string,
  span: EntrySpan,
  excludeId?: string,
) {
  const start = `${span.date} ${span.startTime}`;
  const end = `${span.endDate} ${span.endTime}`;
  const [other] = await tx
    .select({
      id: timeEntries.id,
      date: timeEntries.date,
      startTime: timeEntries.startTime,
      endDate: timeEntries.endDate,
      endTime: timeEntries.endTime,
      timeCodeDescription: timeCodes.description,
    })
    .from(timeEntries)
    .innerJoin(
      timeCodes,
      and(eq(timeCodes.tenantId, timeEntries.tenantId), eq(timeCodes.id, timeEntries.timeCodeId)),
    )
    .where(
      and(
        eq(timeEntries.tenantId, tenantId),
        eq(timeEntries.userId, userId),
        gte(timeEntries.date, addDays(span.date, -1)),
        lte(timeEntries.date, span.endDate),
        sql`${timeEntries.startsAt} < ${end}::timestamp`,
        sql`${timeEntries.endsAt} > ${start}::timestamp`,
        excludeId ? ne(timeEntries.id, excludeId) : undefined,
      ),
    )
    .orderBy(timeEntries.date, timeEntries.startTime)
    .limit(1);
  if (!other) return null;
  return { ...other, startTime: hhmm(other.startTime), endTime: hhmm(other.endTime) };
}

/**
 * 409 OVERLAP naming the other entry ('This overlaps your entry on Sat 14 Nov 09:00–11:00
 * (Assistance with self-care)'), with it in details.other. Call after `lockPersonTime`.
 */
export async function refuseOverlap(
  tx: Queryable,
  options: { tenantId: string; userId: string; actorId: string; span: EntrySpan; excludeId?: string },
): Promise<void> {
  const other = await findOverlap(tx, options.tenantId, options.userId, options.span, options.excludeId);
  if (!other) return;
  const whose = options.userId === options.actorId ? 'your' : "this person's";
  throw new AppError(
    'OVERLAP',
    `This overlaps ${whose} entry on ${formatEntrySpan(other)} (${other.timeCodeDescription})`,
    { other },
  );
}
