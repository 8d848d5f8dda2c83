import { timeBandLabels } from '@wattle/domain/time/bands';
import type { TimeEntry } from '@wattle/domain/time/entries';
import { formatHours, timeEntryStatusLabels } from '@wattle/domain/time/entries';
import { stringify } from 'csv-stringify/sync';
import { count } from 'drizzle-orm';
import { timeEntries } from '../../db/schema/time-entries';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { entryListCondition, entryOrder } from './list-time-entries';
import { requireTimeReader, timeReach } from './time-entry-access';
import { selectTimeEntries, toTimeEntry } from './time-entry-records';
import type { ExportQuery } from './time-entry-schemas';

/** The most entries one export holds; a longer period is exported in parts. */
export const maxExportRows = 50_000;

export const exportColumns = [
  'Date',
  'Start',
  'End',
  'End date',
  'Hours',
  'Worker',
  'Participant',
  'Card',
  'Time code',
  'Time code description',
  'Support item number',
  'Support item',
  'Band',
  'Unit price',
  'Billable minutes',
  'Amount',
  'Status',
  'Travel',
  'Cancellation',
  'Description',
  'Location',
] as const;

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return before one)
 * gets a leading apostrophe, so text someone typed is shown, never executed (OWASP CSV injection).
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function dollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

function rowOf(entry: TimeEntry): string[] {
  const cells = [
    entry.date,
    entry.startTime,
    entry.endTime,
    entry.endDate,
    formatHours(entry.duration),
    entry.userName,
    entry.participantName ?? '',
    entry.cardTitle ?? '',
    entry.ndisTimeCode,
    entry.ndisTimeCodeDescription,
    entry.supportItemNumber,
    entry.supportItemName,
    timeBandLabels[entry.band],
    dollars(entry.unitPriceCents),
    String(entry.billableMinutes),
    dollars(entry.amountCents),
    timeEntryStatusLabels[entry.status],
    entry.isTravel ? 'Yes' : 'No',
    entry.isCancellation ? `Yes (notice ${entry.cancellationNoticeGivenOn})` : 'No',
    entry.description ?? '',
    entry.location ?? '',
  ];
  return cells.map(neutraliseFormula);
}

/**
 * `GET /api/time-entries/export.csv`: one row per entry the caller may see in the period (the same
 * reach and filters as the list), by date and start time, with a header row.
 */
export async function exportTimeEntries(ctx: TenantContext, query: ExportQuery): Promise<string> {
  const reach = await timeReach(ctx);
  requireTimeReader(reach);
  const where = entryListCondition(ctx, reach, query);
  const [counted] = await ctx.tx.select({ n: count() }).from(timeEntries).where(where);
  if ((counted?.n ?? 0) > maxExportRows) {
    throw new AppError(
      'BAD_REQUEST',
      `An export holds at most ${maxExportRows.toLocaleString('en-AU')} entries; choose a shorter period`,
    );
  }
  const rows = await selectTimeEntries(ctx.tx)
    .where(where)
    .orderBy(...entryOrder);
  return stringify([[...exportColumns], ...rows.map((row) => rowOf(toTimeEntry(row)))], {
    record_delimiter: 'windows',
  });
}
