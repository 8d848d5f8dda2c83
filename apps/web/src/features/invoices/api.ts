import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { CancellationReason } from '@wattle/domain/invoices/bulk-payment-request';
import type {
  ClaimBatch,
  CorrectClaimLine,
  CreateInvoice,
  Invoice,
  InvoiceStatus,
  InvoiceSummary,
  RecordPayment,
  UpdateInvoice,
} from '@wattle/domain/invoices/schemas';
import { http, httpList, type ListResult } from '@/lib/http';
import { type InvoiceListFilters, invoiceKeys } from './invoice-keys';

/**
 * The invoices area's one way to fetch (CONVENTIONS.md 7): invoices and their workflow, payments,
 * PDFs, claim batches (NDIA bulk payment requests and their results) and the Xero export (issue 15
 * API). Keys are in ./invoice-keys; the wizard, approvals and my-invoices screens share this module.
 */

export { type InvoiceListFilters, invoiceKeys };

/** Query parameters with arrays repeated (`status=a&status=b`) and empty values left out. */
export function invoiceQueryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const invoicePath = (id: string) => `/api/invoices/${encodeURIComponent(id)}`;
const claimPath = (id: string) => `/api/claims/${encodeURIComponent(id)}`;

export function fetchInvoices(
  tenantId: string,
  filters: InvoiceListFilters,
  signal?: AbortSignal,
): Promise<ListResult<InvoiceSummary>> {
  return httpList<InvoiceSummary>(`/api/invoices${invoiceQueryString(filters)}`, { tenantId, signal });
}

/** A page of invoices (list envelope: `data` and `meta.total`) for the board, list, approvals, my invoices. */
export function invoicesQueryOptions(tenantId: string, filters: InvoiceListFilters) {
  return queryOptions({
    queryKey: invoiceKeys.list(tenantId, filters),
    queryFn: ({ signal }) => fetchInvoices(tenantId, filters, signal),
    placeholderData: (previous) => previous,
  });
}

export interface InvoiceStatusTotal {
  status: InvoiceStatus;
  count: number;
  totalCents: number;
}

/** Count and total of each status over the same filters (paging and sort ignored): the board's column heads. */
export function invoiceTotalsQueryOptions(tenantId: string, filters: InvoiceListFilters) {
  const { sort: _sort, order: _order, limit: _limit, offset: _offset, ...rest } = filters;
  return queryOptions({
    queryKey: invoiceKeys.totals(tenantId, rest),
    queryFn: ({ signal }) =>
      http<InvoiceStatusTotal[]>(`/api/invoices/totals${invoiceQueryString(rest)}`, { tenantId, signal }),
    placeholderData: (previous) => previous,
  });
}

export function invoiceQueryOptions(tenantId: string, id: string) {
  return queryOptions({
    queryKey: invoiceKeys.detail(tenantId, id),
    queryFn: ({ signal }) => http<Invoice>(invoicePath(id), { tenantId, signal }),
  });
}

export function createInvoice(tenantId: string, input: CreateInvoice): Promise<Invoice> {
  return http<Invoice>('/api/invoices', { method: 'POST', body: input, tenantId });
}

export function updateInvoice(tenantId: string, id: string, patch: UpdateInvoice): Promise<Invoice> {
  return http<Invoice>(invoicePath(id), { method: 'PATCH', body: patch, tenantId });
}

/** Submit, approve or send: one workflow step, with the version seen so a stale screen gets 409. */
export function invoiceStep(
  tenantId: string,
  id: string,
  step: 'submit' | 'approve' | 'send',
  version?: number,
): Promise<Invoice> {
  return http<Invoice>(`${invoicePath(id)}/${step}`, {
    method: 'POST',
    body: version === undefined ? {} : { version },
    tenantId,
  });
}

export function submitInvoice(tenantId: string, id: string, version?: number) {
  return invoiceStep(tenantId, id, 'submit', version);
}
export function approveInvoice(tenantId: string, id: string, version?: number) {
  return invoiceStep(tenantId, id, 'approve', version);
}
export function sendInvoice(tenantId: string, id: string, version?: number) {
  return invoiceStep(tenantId, id, 'send', version);
}

/** Reject (back to draft) or void, both with a reason. */
export function rejectInvoice(tenantId: string, id: string, body: { reason: string; version?: number }) {
  return http<Invoice>(`${invoicePath(id)}/reject`, { method: 'POST', body, tenantId });
}
export function voidInvoice(tenantId: string, id: string, body: { reason: string; version?: number }) {
  return http<Invoice>(`${invoicePath(id)}/void`, { method: 'POST', body, tenantId });
}

/**
 * Records a payment. The dialog sends one Idempotency-Key for all its tries, so a payment whose answer
 * was lost is not recorded twice when Record payment is pressed again.
 */
export function recordPayment(
  tenantId: string,
  id: string,
  body: RecordPayment,
  idempotencyKey: string,
): Promise<Invoice> {
  return http<Invoice>(`${invoicePath(id)}/payments`, {
    method: 'POST',
    body,
    tenantId,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Corrects a line the NDIA rejected so it can be claimed again. */
export function correctClaimLine(
  tenantId: string,
  id: string,
  lineId: string,
  body: CorrectClaimLine,
): Promise<Invoice> {
  return http<Invoice>(`${invoicePath(id)}/lines/${encodeURIComponent(lineId)}`, {
    method: 'PATCH',
    body,
    tenantId,
  });
}

/** The PDF tax invoice: a plain link (the cookie signs it, the tenant rides in the query). */
export function invoicePdfUrl(tenantId: string, id: string): string {
  return `${invoicePath(id)}/pdf${invoiceQueryString({ tenantId })}`;
}

/** Invoices and payments of a period in the layout Xero imports. */
export function xeroExportUrl(tenantId: string, range: { from: string; to: string }): string {
  return `/api/invoices/export/xero.csv${invoiceQueryString({ tenantId, ...range })}`;
}

export function claimsQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: invoiceKeys.claims(tenantId),
    queryFn: async ({ signal }) => (await httpList<ClaimBatch>('/api/claims', { tenantId, signal })).data,
  });
}

/**
 * A claim batch of the agency-managed invoices named (422 names each invoice's or line's problem),
 * with the portal's reason of each short-notice cancellation (CANC) line, keyed by line id.
 */
export function createClaim(
  tenantId: string,
  invoiceIds: string[],
  cancellationReasons?: Record<string, CancellationReason>,
): Promise<ClaimBatch> {
  const body =
    cancellationReasons && Object.keys(cancellationReasons).length > 0
      ? { invoiceIds, cancellationReasons }
      : { invoiceIds };
  return http<ClaimBatch>('/api/claims', { method: 'POST', body, tenantId });
}

/** The batch's bulk payment request CSV, as the myplace portal takes it. */
export function bulkPaymentRequestUrl(tenantId: string, claimId: string): string {
  return `${claimPath(claimId)}/bulk-payment-request.csv${invoiceQueryString({ tenantId })}`;
}

/** What importing a results file did (`POST /api/claims/{id}/results`); unchanged: results already applied. */
export interface ClaimResultsImport {
  batch: ClaimBatch;
  paid: number;
  rejected: number;
  pending: number;
  unchanged: number;
}

/** Uploads the portal's results file for a batch (multipart). */
export function uploadClaimResults(
  tenantId: string,
  claimId: string,
  file: File,
): Promise<ClaimResultsImport> {
  const body = new FormData();
  body.append('file', file, file.name);
  return http<ClaimResultsImport>(`${claimPath(claimId)}/results`, { method: 'POST', body, tenantId });
}

/**
 * The invoices changed (a step, payment, claim or results import): every list, total, detail and
 * claim batch of the area fetches again. The live feed does the same for changes made elsewhere.
 */
export function useInvoiceLive(tenantId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all(tenantId) });
}
