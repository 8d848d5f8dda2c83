import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardSummary } from '@wattle/domain/cards/schemas';
import type { Tenant } from '@wattle/domain/tenants/schemas';
import type {
  CreateTimeEntryInput,
  RejectTimeEntry,
  TimeEntry,
  UpdateTimeEntryInput,
} from '@wattle/domain/time/entries';
import type { TimeCode } from '@wattle/domain/time/time-codes';
import type { StartTimer, Timer } from '@wattle/domain/time/timer';
import { cardKeys } from '@/features/cards/api';
import { http, httpList } from '@/lib/http';
import { type TimeEntryFilters, timeKeys } from './time-keys';

/**
 * The time area's one way to fetch (CONVENTIONS.md 7): time codes, time entries and their workflow,
 * the running timer's actions and the CSV export (issue 14 api-contract). Keys are in ./time-keys;
 * the timer's read is in ./timer-query (the header reads it on every page).
 */

function queryString(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const entryPath = (id: string) => `/api/time-entries/${encodeURIComponent(id)}`;

/** The tenant's time codes, inactive ones included (the dialog shows them disabled). */
export function timeCodesQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: timeKeys.codes(tenantId),
    queryFn: async ({ signal }) => (await httpList<TimeCode>('/api/time-codes', { tenantId, signal })).data,
    staleTime: 60_000,
  });
}

/** Time entries dated from `from` to `to`, as the API orders them (date, start time). */
export function timeEntriesQueryOptions(tenantId: string, filters: TimeEntryFilters) {
  return queryOptions({
    queryKey: timeKeys.entryList(tenantId, filters),
    queryFn: async ({ signal }) =>
      (
        await httpList<TimeEntry>(`/api/time-entries${queryString({ ...filters, limit: 1000 })}`, {
          tenantId,
          signal,
        })
      ).data,
  });
}

/**
 * The tenant's record, for its time zone: 'today', 'now' and the week follow it. The same key and
 * fetch as the team views' calendar (features/team-views/calendar-today.ts), so it is read once.
 */
export function currentTenantQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: ['tenant', tenantId, 'current'],
    queryFn: ({ signal }) => http<Tenant>('/api/tenants/current', { tenantId, signal }),
    staleTime: 10 * 60_000,
  });
}

/** Cards a time entry may be linked to: the participant's, else those assigned to the caller. */
export function entryCardsQueryOptions(
  tenantId: string,
  filter: { participantId?: string; assigneeId?: string },
) {
  const query = { ...filter, limit: 50 };
  return queryOptions({
    // Under the cards area's key, so a live card change refreshes it as it does the other card lists.
    queryKey: cardKeys.list(tenantId, query),
    queryFn: async ({ signal }) =>
      (await httpList<CardSummary>(`/api/cards${queryString(query)}`, { tenantId, signal })).data,
    enabled: Boolean(filter.participantId || filter.assigneeId),
  });
}

export function createTimeEntry(
  tenantId: string,
  input: CreateTimeEntryInput,
  idempotencyKey: string,
): Promise<TimeEntry> {
  return http<TimeEntry>('/api/time-entries', {
    method: 'POST',
    body: input,
    tenantId,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function updateTimeEntry(
  tenantId: string,
  id: string,
  patch: UpdateTimeEntryInput,
): Promise<TimeEntry> {
  return http<TimeEntry>(entryPath(id), { method: 'PATCH', body: patch, tenantId });
}

export function deleteTimeEntry(tenantId: string, id: string, version: number): Promise<void> {
  return http<void>(`${entryPath(id)}?version=${version}`, { method: 'DELETE', tenantId });
}

export function approveTimeEntry(tenantId: string, id: string): Promise<TimeEntry> {
  return http<TimeEntry>(`${entryPath(id)}/approve`, { method: 'POST', tenantId });
}

export function rejectTimeEntry(tenantId: string, id: string, body: RejectTimeEntry): Promise<TimeEntry> {
  return http<TimeEntry>(`${entryPath(id)}/reject`, { method: 'POST', body, tenantId });
}

/** Submit Week: the caller's drafts and rejected entries dated in the range. */
export function submitTimeEntries(tenantId: string, range: { from: string; to: string }) {
  return http<{ submitted: number }>('/api/time-entries/submit', { method: 'POST', body: range, tenantId });
}

/** Approve all: the submitted entries named. */
export function approveTimeEntries(tenantId: string, ids: string[]) {
  return http<{ approved: number }>('/api/time-entries/approve', { method: 'POST', body: { ids }, tenantId });
}

/** Copy Last Week: the caller's entries of one week as drafts in another, skipping overlaps. */
export function copyTimeEntriesWeek(tenantId: string, body: { fromWeekStart: string; toWeekStart: string }) {
  return http<{ created: TimeEntry[]; skipped: number }>('/api/time-entries/copy-week', {
    method: 'POST',
    body,
    tenantId,
  });
}

export function startTimer(tenantId: string, body: StartTimer): Promise<Timer> {
  return http<Timer>('/api/timer/start', { method: 'POST', body, tenantId });
}

/**
 * Stop & Save: the timer becomes a draft entry (rounded to the minute). `timeCodeId` fills in a
 * timer started without one (the server's 422 TIME_CODE_REQUIRED asks for it).
 */
export function stopAndSaveTimer(
  tenantId: string,
  body: { isLongTimerConfirmed: boolean; timeCodeId?: string },
) {
  return http<{ timer: Timer; entry: TimeEntry }>('/api/timer/stop', {
    method: 'POST',
    body: { save: true, ...body },
    tenantId,
  });
}

/** Stops the timer without saving anything. */
export function discardTimer(tenantId: string) {
  return http<{ timer: Timer }>('/api/timer/stop', { method: 'POST', body: { save: false }, tenantId });
}

/**
 * The CSV of the entries of a period (a plain download: the cookie signs it, the tenant rides in the
 * query as for a card's PDF).
 */
export function timeEntriesCsvUrl(
  tenantId: string,
  range: { from: string; to: string; userId?: string; teamId?: string },
): string {
  return `/api/time-entries/export.csv${queryString({ tenantId, ...range })}`;
}

/** The entries changed: every list and total of the area fetches again. */
export function useInvalidateTimeEntries(tenantId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: timeKeys.entries(tenantId) });
}

/** Approving or rejecting one entry of the approvals view. */
export function useEntryDecision(tenantId: string) {
  const invalidate = useInvalidateTimeEntries(tenantId);
  return useMutation({
    mutationFn: (decision: { id: string; approve: true } | { id: string; approve: false; reason: string }) =>
      decision.approve
        ? approveTimeEntry(tenantId, decision.id)
        : rejectTimeEntry(tenantId, decision.id, { reason: decision.reason }),
    onSettled: invalidate,
  });
}
