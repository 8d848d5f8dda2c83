import { queryOptions, useMutation } from '@tanstack/react-query';
import type {
  IntegrationKind,
  IntegrationStatus,
  IntegrationTestResult,
} from '@wattle/domain/integrations/schemas';
import { http } from '@/lib/http';

/** Integrations (`/api/settings/integrations`): how the installation is connected, and its tests. */
export const integrationKeys = {
  status: (tenantId: string) => ['settings', tenantId, 'integrations'] as const,
};

export function integrationStatusQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: integrationKeys.status(tenantId),
    queryFn: ({ signal }) => http<IntegrationStatus>('/api/settings/integrations', { tenantId, signal }),
  });
}

/** Runs one "Test connection" for real; the answer says whether it worked, in words. */
export function useTestIntegration(tenantId: string, kind: IntegrationKind) {
  return useMutation({
    mutationFn: () =>
      http<IntegrationTestResult>(`/api/settings/integrations/${kind}/test`, {
        method: 'POST',
        tenantId,
        // The server gives each test up to 8 seconds, and sign-in up to 8 more for the answer.
        timeoutMs: 20_000,
      }),
  });
}
