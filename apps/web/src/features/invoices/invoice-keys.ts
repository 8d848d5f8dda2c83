import type { InvoiceListQuery } from '@wattle/domain/invoices/schemas';

/**
 * Query keys of the invoices area. Every key starts with 'invoices' and the tenant id, so a live
 * 'invoice' or 'claim' change (features/live/live-query-keys.ts) refreshes the board, lists, totals,
 * details and claim batches by these prefixes. A module of its own, free of schemas.
 */
export const invoiceKeys = {
  all: (tenantId: string) => ['invoices', tenantId] as const,
  lists: (tenantId: string) => ['invoices', tenantId, 'list'] as const,
  list: (tenantId: string, filters: InvoiceListFilters) => ['invoices', tenantId, 'list', filters] as const,
  totals: (tenantId: string, filters: InvoiceListFilters) =>
    ['invoices', tenantId, 'totals', filters] as const,
  detail: (tenantId: string, id: string) => ['invoices', tenantId, 'detail', id] as const,
  claims: (tenantId: string) => ['invoices', tenantId, 'claims'] as const,
};

/**
 * What a list, board or totals read asks for: `GET /api/invoices` query parameters as the web sends
 * them (statuses as an array, overdue as a boolean).
 */
export type InvoiceListFilters = Partial<
  Pick<
    InvoiceListQuery,
    'status' | 'participantId' | 'payerKind' | 'from' | 'to' | 'overdue' | 'scope' | 'q' | 'sort' | 'order'
  >
> & { limit?: number; offset?: number };
