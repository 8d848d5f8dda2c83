/**
 * `/invoices/new?invoiceId=…`: the wizard opens that draft at its lines (the detail page's Edit and
 * My invoices' "Fix and resubmit" link here). Anything that is not an id is dropped, so the wizard
 * starts at choosing a participant.
 */
export interface NewInvoiceSearch {
  invoiceId?: string;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function validateNewInvoiceSearch(search: Record<string, unknown>): NewInvoiceSearch {
  return typeof search.invoiceId === 'string' && uuidPattern.test(search.invoiceId)
    ? { invoiceId: search.invoiceId }
    : {};
}
