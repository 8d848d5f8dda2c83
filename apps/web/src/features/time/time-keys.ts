import type { TimeEntryStatus } from '@wattle/domain/time/entries';

/**
 * Query keys of the time area. Every key starts with 'time' and the tenant id; live changes
 * (features/live/live-query-keys.ts) mark entries, codes and the timer stale by these prefixes.
 * A module of its own, free of schemas, because the shell's timer slot reads it on every page.
 */
export const timeKeys = {
  all: (tenantId: string) => ['time', tenantId] as const,
  codes: (tenantId: string) => ['time', tenantId, 'codes'] as const,
  entries: (tenantId: string) => ['time', tenantId, 'entries'] as const,
  entryList: (tenantId: string, query: TimeEntryFilters) => ['time', tenantId, 'entries', query] as const,
  timer: (tenantId: string) => ['time', tenantId, 'timer'] as const,
};

export interface TimeEntryFilters {
  from?: string;
  to?: string;
  userId?: string;
  teamId?: string;
  status?: TimeEntryStatus;
}
