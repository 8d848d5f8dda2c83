import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupportItem } from '@wattle/domain/time/catalogue';
import type { CatalogueImportResult, SupportCatalogue } from '@wattle/domain/time/catalogue-schemas';
import type { CreateTimeCode, TimeCode, UpdateTimeCode } from '@wattle/domain/time/time-codes';
import { timeKeys } from '@/features/time/time-keys';
import { ApiError, http, httpList } from '@/lib/http';

/**
 * The Rates page's one way to fetch (issue 14 parts 1, 2 and 7): its imported catalogue years, a
 * search of the support items in force, and the writes of time codes and catalogues. The codes
 * themselves and the tenant's record (whose address and time zone decide the state of the price
 * limits) are read through the time area's fetchers (features/time/api.ts), so both share one cache.
 */
export const rateKeys = {
  catalogues: (tenantId: string) => ['support-catalogue', tenantId, 'years'] as const,
  items: (tenantId: string, q: string) => ['support-catalogue', tenantId, 'items', q] as const,
};

export function cataloguesQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: rateKeys.catalogues(tenantId),
    queryFn: async ({ signal }) =>
      (await httpList<SupportCatalogue>('/api/support-catalogues', { tenantId, signal })).data,
  });
}

/** Support items in force today matching q (number prefix or name words), 20 at a time. */
export function supportItemsQueryOptions(tenantId: string, q: string) {
  return queryOptions({
    queryKey: rateKeys.items(tenantId, q),
    queryFn: ({ signal }) =>
      httpList<SupportItem>(`/api/support-items?limit=20&q=${encodeURIComponent(q)}`, { tenantId, signal }),
    staleTime: 5 * 60_000,
  });
}

export function createTimeCode(tenantId: string, input: CreateTimeCode): Promise<TimeCode> {
  return http<TimeCode>('/api/time-codes', { method: 'POST', body: input, tenantId });
}

export function updateTimeCode(tenantId: string, id: string, change: UpdateTimeCode): Promise<TimeCode> {
  return http<TimeCode>(`/api/time-codes/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: change,
    tenantId,
  });
}

/** A saved code replaces its cached copy at once; the list is then read again. */
function useTimeCodeSaved(tenantId: string) {
  const queryClient = useQueryClient();
  return async (saved: TimeCode) => {
    queryClient.setQueryData<TimeCode[]>(timeKeys.codes(tenantId), (codes) =>
      codes
        ? codes.some((code) => code.id === saved.id)
          ? codes.map((code) => (code.id === saved.id ? saved : code))
          : [...codes, saved].sort((a, b) => a.code.localeCompare(b.code))
        : codes,
    );
    await queryClient.invalidateQueries({ queryKey: timeKeys.codes(tenantId) });
  };
}

export function useCreateTimeCode(tenantId: string) {
  const onSaved = useTimeCodeSaved(tenantId);
  return useMutation({
    mutationFn: (input: CreateTimeCode) => createTimeCode(tenantId, input),
    onSuccess: onSaved,
  });
}

export function useUpdateTimeCode(tenantId: string) {
  const onSaved = useTimeCodeSaved(tenantId);
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: UpdateTimeCode }) =>
      updateTimeCode(tenantId, id, change),
    onSuccess: onSaved,
  });
}

/** The problems the server listed for a refused catalogue file (details.problems), if any. */
export function catalogueProblems(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const problems = (error.details as { problems?: unknown } | undefined)?.problems;
  return Array.isArray(problems) ? problems.filter((p): p is string => typeof p === 'string') : [];
}

/** POST /api/support-catalogue/imports: the file as multipart; a refusal is an ApiError with the server's details. */
export function importCatalogue(tenantId: string, file: File): Promise<CatalogueImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return http<CatalogueImportResult>('/api/support-catalogue/imports', {
    method: 'POST',
    tenantId,
    body: form,
  });
}

/** Imports a catalogue; the years, the item searches and the codes' price limits are read again. */
export function useImportCatalogue(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => importCatalogue(tenantId, file),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['support-catalogue', tenantId] }),
        queryClient.invalidateQueries({ queryKey: timeKeys.codes(tenantId) }),
      ]);
    },
  });
}
