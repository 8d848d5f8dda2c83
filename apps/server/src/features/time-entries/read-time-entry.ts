import type { TimeEntry } from '@wattle/domain/time/entries';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { readsEntry, timeReach } from './time-entry-access';
import { currentTimeEntry, timeEntryNotFoundMessage } from './time-entry-records';

/** `GET /api/time-entries/{id}`: an entry the caller may see; 404 alike for missing and hidden. */
export async function readTimeEntry(ctx: TenantContext, id: string): Promise<TimeEntry> {
  const reach = await timeReach(ctx);
  // One read: the entry as answered carries the worker and team its reach is judged by.
  const entry = await currentTimeEntry(ctx, id);
  if (!readsEntry(reach, entry)) throw new AppError('NOT_FOUND', timeEntryNotFoundMessage);
  return entry;
}
