import type { InvoiceListQuery, InvoiceStatus, PayerKind } from '@wattle/domain/invoices/schemas';
import type { InvoiceListFilters } from './invoice-keys';

/**
 * The invoices page's view (board or list), sort, filters and page live in the address
 * (`/invoices?view=list&status=sent&overdue=true`), so coming back from an invoice shows the page as
 * it was left and a filtered list can be shared. Anything unknown in the address is dropped.
 */

export type InvoiceSortKey = InvoiceListQuery['sort'];

// Checked here, in the router's first load, without the domain's zod schemas; a Record over the
// domain's types fails to compile when a status, payer or sort key is added there and not here.
const statuses: Record<InvoiceStatus, true> = {
  draft: true,
  'pending-approval': true,
  approved: true,
  sent: true,
  'part-paid': true,
  paid: true,
  overdue: true,
  void: true,
};
const payerKinds: Record<PayerKind, true> = {
  ndia: true,
  'plan-manager': true,
  participant: true,
  nominee: true,
};
const sortKeys: Record<InvoiceSortKey, true> = {
  number: true,
  participant: true,
  payer: true,
  period: true,
  total: true,
  dueDate: true,
  status: true,
  updated: true,
};
const isKey = <T extends string>(record: Record<T, true>, value: unknown): value is T =>
  typeof value === 'string' && Object.hasOwn(record, value);
const isDay = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Rows of the list per page. */
export const invoicePageSize = 25;

export interface InvoiceListSearch {
  view?: 'board' | 'list' | 'claims';
  status?: InvoiceStatus[];
  participant?: string;
  /** The picked participant's name, kept so the filter reads well without a fetch. */
  participantName?: string;
  payer?: PayerKind;
  from?: string;
  to?: string;
  overdue?: true;
  sort?: InvoiceSortKey;
  order?: 'asc' | 'desc';
  page?: number;
}

export function validateInvoiceListSearch(search: Record<string, unknown>): InvoiceListSearch {
  const result: InvoiceListSearch = {};
  if (search.view === 'list' || search.view === 'claims') result.view = search.view;
  const rawStatus = Array.isArray(search.status) ? search.status : search.status ? [search.status] : [];
  const status = [...new Set(rawStatus.filter((value): value is InvoiceStatus => isKey(statuses, value)))];
  if (status.length > 0) result.status = status;
  if (typeof search.participant === 'string' && /^[0-9a-f-]{36}$/i.test(search.participant)) {
    result.participant = search.participant;
    if (typeof search.participantName === 'string')
      result.participantName = search.participantName.slice(0, 200);
  }
  if (isKey(payerKinds, search.payer)) result.payer = search.payer;
  if (isDay(search.from)) result.from = search.from;
  if (isDay(search.to)) result.to = search.to;
  if (search.overdue === true || search.overdue === 'true') result.overdue = true;
  if (isKey(sortKeys, search.sort)) result.sort = search.sort;
  if (search.order === 'asc' || search.order === 'desc') result.order = search.order;
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1 && page < 100_000) result.page = page;
  return result;
}

/** The filters every read of the page shares (list, board and totals), without sort or paging. */
export function invoiceFiltersOf(search: InvoiceListSearch): InvoiceListFilters {
  return {
    status: search.status,
    participantId: search.participant,
    payerKind: search.payer,
    from: search.from,
    to: search.to,
    overdue: search.overdue,
  };
}

/** The list's request: newest number first unless another sort is chosen, a page at a time. */
export function invoiceListRequestOf(search: InvoiceListSearch): InvoiceListFilters {
  const page = search.page ?? 1;
  return {
    ...invoiceFiltersOf(search),
    sort: search.sort ?? 'number',
    order: search.order ?? 'desc',
    limit: invoicePageSize,
    offset: (page - 1) * invoicePageSize,
  };
}

/** Whether any filter narrows the invoices (the empty state says "no matches" rather than "none yet"). */
export function isInvoiceListFiltered(search: InvoiceListSearch): boolean {
  return Boolean(
    search.status?.length || search.participant || search.payer || search.from || search.to || search.overdue,
  );
}
