import type { DeadlineListQuery } from '@wattle/domain/deadlines/schemas';

/**
 * Query keys of the deadlines area. Every key starts with 'deadlines' and the tenant id, so a live
 * 'deadline' change (features/live/live-query-keys.ts) refreshes every list and badge by that prefix.
 */
export const deadlineKeys = {
  all: (tenantId: string) => ['deadlines', tenantId] as const,
  list: (tenantId: string, filters: DeadlineFilters) => ['deadlines', tenantId, 'list', filters] as const,
};

/** What a read of GET /api/deadlines asks for (every field optional). */
export type DeadlineFilters = Partial<DeadlineListQuery>;
