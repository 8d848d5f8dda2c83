import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TaxInvoiceSettings,
  UpdateTaxInvoiceSettingsInput,
} from '@wattle/domain/invoices/tax-invoice-settings';
import { currentTenantQueryOptions } from '@/features/time/api';
import { http } from '@/lib/http';

/**
 * The tenant's tax-invoice settings (`/api/settings/tax-invoice`). Saving changes the tenant's
 * billing configuration and version too, so the current tenant is read again.
 */
export const taxInvoiceSettingsKeys = {
  all: (tenantId: string) => ['settings', tenantId, 'tax-invoice'] as const,
};

const path = '/api/settings/tax-invoice';

export function taxInvoiceSettingsQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: taxInvoiceSettingsKeys.all(tenantId),
    queryFn: ({ signal }) => http<TaxInvoiceSettings>(path, { tenantId, signal }),
  });
}

export function useSaveTaxInvoiceSettings(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTaxInvoiceSettingsInput) =>
      http<TaxInvoiceSettings>(path, { method: 'PUT', body, tenantId }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(taxInvoiceSettingsKeys.all(tenantId), saved);
      await queryClient.invalidateQueries({ queryKey: currentTenantQueryOptions(tenantId).queryKey });
    },
  });
}
