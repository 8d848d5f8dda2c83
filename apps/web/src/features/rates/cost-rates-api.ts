import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffCostRate } from '@wattle/domain/staff/cost-rates';
import { ApiError, http, httpList } from '@/lib/http';

/**
 * People's hourly cost rates (issue 17, settings user/rates), for owners and admins: the list, and
 * the write of one person's rate, which replaces that person's row in the cached list.
 */
export const costRateKeys = {
  list: (tenantId: string) => ['staff-cost-rates', tenantId] as const,
};

export function costRatesQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: costRateKeys.list(tenantId),
    queryFn: async ({ signal }) =>
      (await httpList<StaffCostRate>('/api/staff/cost-rates?limit=500', { tenantId, signal })).data,
  });
}

export function useSetCostRate(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, cents }: { userId: string; cents: number | null }) =>
      http<StaffCostRate>(`/api/staff/${encodeURIComponent(userId)}/cost-rate`, {
        method: 'PUT',
        body: { hourlyCostRateCents: cents },
        tenantId,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData<StaffCostRate[]>(costRateKeys.list(tenantId), (list) =>
        list?.map((person) => (person.userId === saved.userId ? saved : person)),
      );
    },
  });
}

/** What a refused save says: the server's message for the field when it named one, else its message. */
export function costRateError(error: unknown): string {
  if (error instanceof ApiError) {
    const details = Array.isArray(error.details) ? (error.details as { message?: unknown }[]) : [];
    const first = details.find((d) => typeof d.message === 'string');
    return (first?.message as string | undefined) ?? error.message;
  }
  return error instanceof Error ? error.message : 'The hourly cost rate was not saved';
}
