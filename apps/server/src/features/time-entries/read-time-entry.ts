import type { TimeEntry } from '@wattle/domain/time/entries';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { readsEntry, timeReach } from './time-entry-access';
import { currentTimeEntry, findTimeEntryRow, timeEntryNotFoundMessage } from './time-entry-records';

/** `GET /api/time-entries/{id}`: an entry the caller may see; 404 alike for missing and hidden. */
export async function readTimeEntry(ctx: TenantContext, id: string): Promise<TimeEntry> {
  const reach = await timeReach(ctx);
  const row = await findTimeEntryRow(ctx, id);
  if (!row || !readsEntry(reach, row)) throw new AppError('NOT_FOUND', timeEntryNotFoundMessage);
  return currentTimeEntry(ctx, id);
}
