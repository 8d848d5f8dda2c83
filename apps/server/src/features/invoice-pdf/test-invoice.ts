import type { Invoice, InvoiceLine } from '@wattle/domain/invoices/schemas';
import type { TaxInvoiceProvider } from './render-tax-invoice';

/** For tests: a provider with every tax-invoice detail, and invoices built from lines. */
export const testProvider: TaxInvoiceProvider = {
  legalName: 'Sunrise Support Services Pty Ltd',
  abn: '51824753556',
  ndisRegistrationNumber: '4050012345',
  address: '12 Wattle Street\nParramatta NSW 2150',
  email: 'accounts@sunrise.example',
  phone: '02 9000 1234',
  bank: { accountName: 'Sunrise Support Services', bsb: '062000', accountNumber: '12345678' },
};

let lineNumber = 0;
export function testInvoiceLine(overrides: Partial<InvoiceLine> = {}): InvoiceLine {
  lineNumber += 1;
  return {
    id: `00000000-0000-7000-8000-${String(lineNumber).padStart(12, '0')}`,
    lineNumber,
    timeEntryId: null,
    cardId: null,
    serviceDateFrom: '2026-11-02',
    serviceDateTo: '2026-11-02',
    supportItemNumber: '01_011_0107_1_1',
    supportItemName: 'Assistance With Self-Care Activities - Standard - Weekday Daytime',
    description: 'Morning routine',
    quantity: 2,
    unit: 'H',
    unitPriceCents: 7023,
    gstCode: 'P2',
    amountCents: 14046,
    gstCents: 0,
    totalCents: 14046,
    claimType: '',
    claimStatus: 'unclaimed',
    claimReference: null,
    claimError: null,
    paidCents: 0,
    problems: [],
    ...overrides,
  };
}

export function testInvoice(lines: InvoiceLine[], overrides: Partial<Invoice> = {}): Invoice {
  const subtotalCents = lines.reduce((s, l) => s + l.amountCents, 0);
  const gstCents = lines.reduce((s, l) => s + l.gstCents, 0);
  return {
    id: '00000000-0000-7000-8000-aaaaaaaaaaaa',
    invoiceNumber: 'INV-00042',
    tenantId: '00000000-0000-7000-8000-bbbbbbbbbbbb',
    participantId: '00000000-0000-7000-8000-cccccccccccc',
    participantName: 'Jordan Lee',
    ndisNumber: '430000001',
    teamId: null,
    payer: { kind: 'plan-manager', name: 'Plan Partners', email: 'invoices@planpartners.example' },
    periodFrom: '2026-11-02',
    periodTo: '2026-11-15',
    issueDate: '2026-11-16',
    dueDate: '2026-12-16',
    status: 'sent',
    lineItems: lines,
    subtotalCents,
    gstRate: 0.1,
    gstCents,
    totalCents: subtotalCents + gstCents,
    paidCents: 5000,
    paymentTerms: 30,
    notes: '',
    rejectionReason: null,
    voidReason: null,
    hasErrors: false,
    createdBy: null,
    submittedBy: null,
    approvedBy: null,
    submittedAt: null,
    approvedAt: null,
    sentAt: null,
    paidAt: null,
    payments: [],
    allowedActions: [],
    version: 1,
    createdAt: '2026-11-16T00:00:00.000Z',
    updatedAt: '2026-11-16T00:00:00.000Z',
    ...overrides,
  };
}
