import { z } from 'zod';
import { invoiceActions } from './workflow';

/**
 * Invoices and their lines (spec work section 3, Invoice; issue 15). Money is integer cents;
 * quantities are hours (time) or units (cards, hand-added items) with at most two decimals, as the
 * NDIA bulk payment request takes them. The spec's `subtotal`, `gstAmount`, `total`, `unitPrice`,
 * `gstAmount` and `totalAmount` become `…Cents`.
 */

/**
 * Statuses (issue 15 part 1). A rejected approval returns the invoice to draft with its reason
 * (`rejectionReason`), which "My invoices" shows as sent back. `part-paid` and `paid` follow payments
 * and claim results; `overdue` is set by the server job once a sent invoice passes its due date.
 */
export const invoiceStatuses = [
  'draft',
  'pending-approval',
  'approved',
  'sent',
  'part-paid',
  'paid',
  'overdue',
  'void',
] as const;
export const InvoiceStatusSchema = z.enum(invoiceStatuses);
export type InvoiceStatus = z.infer<typeof InvoiceStatusSchema>;
export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  'pending-approval': 'Pending approval',
  approved: 'Approved',
  sent: 'Sent',
  'part-paid': 'Part paid',
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Void',
};

/** NDIA GST codes: P1 taxable, P2 GST-free (the default for NDIS supports), P5 out of scope. */
export const gstCodes = ['P1', 'P2', 'P5'] as const;
export const GstCodeSchema = z.enum(gstCodes);
export type GstCode = z.infer<typeof GstCodeSchema>;
export const gstCodeLabels: Record<GstCode, string> = {
  P1: 'P1 Taxable',
  P2: 'P2 GST-free',
  P5: 'P5 Out of scope',
};

/** Who pays: the NDIA (agency-managed), the plan manager, or the self-managed participant or their nominee. */
export const payerKinds = ['ndia', 'plan-manager', 'participant', 'nominee'] as const;
export const PayerKindSchema = z.enum(payerKinds);
export type PayerKind = z.infer<typeof PayerKindSchema>;
export const payerKindLabels: Record<PayerKind, string> = {
  ndia: 'NDIA (agency-managed)',
  'plan-manager': 'Plan manager',
  participant: 'Participant (self-managed)',
  nominee: 'Nominee (self-managed)',
};
export const PayerSchema = z.object({
  kind: PayerKindSchema,
  name: z.string(),
  email: z.string().nullable(),
});
export type Payer = z.infer<typeof PayerSchema>;

/** NDIA claim types of the bulk payment request; '' is an ordinary claim of a delivered support. */
export const claimTypes = ['', 'CANC', 'REPW', 'TRAN', 'NF2F'] as const;
export const ClaimTypeSchema = z.enum(claimTypes);
export type ClaimType = z.infer<typeof ClaimTypeSchema>;

/** Where a line stands with the NDIA: not claimed, in a batch, paid, or rejected with the portal's text. */
export const claimStatuses = ['unclaimed', 'claimed', 'paid', 'rejected'] as const;
export const ClaimStatusSchema = z.enum(claimStatuses);
export type ClaimStatus = z.infer<typeof ClaimStatusSchema>;

/** A problem the server found on a line: errors stop submission, warnings (over budget) are shown. */
export const LineProblemSchema = z.object({
  severity: z.enum(['error', 'warning']),
  code: z.enum([
    'unknown-support-item',
    'item-not-in-force',
    'above-price-limit',
    'outside-plan',
    'no-plan',
    'over-budget',
    'invalid-quantity',
  ]),
  message: z.string(),
});
export type LineProblem = z.infer<typeof LineProblemSchema>;

const cents = z.number().int().min(0).max(100_000_000_00);
/** Hours or units with at most two decimals. */
export const QuantitySchema = z
  .number()
  .positive('Quantity must be more than 0')
  .max(10_000)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Quantity has at most two decimals');

export const InvoiceLineSchema = z.object({
  id: z.uuid(),
  /** 1, 2, 3… in the order of the invoice; part of the claim reference. */
  lineNumber: z.number().int().positive(),
  timeEntryId: z.uuid().nullable(),
  cardId: z.uuid().nullable(),
  /** Date the support was delivered (from) and to; one day for a time entry. */
  serviceDateFrom: z.iso.date(),
  serviceDateTo: z.iso.date(),
  /** `ndisLineItemCode` of the spec: the support item number, e.g. 01_011_0107_1_1. */
  supportItemNumber: z.string(),
  /** `ndisLineItemDescription` of the spec: the catalogue's name of the item. */
  supportItemName: z.string(),
  description: z.string(),
  quantity: z.number(),
  /** 'H' hour-priced, 'E' each, and the catalogue's other units; the bulk file's Hours column is filled for 'H'. */
  unit: z.string(),
  unitPriceCents: cents,
  gstCode: GstCodeSchema,
  /** Amount before GST: quantity × unit price, rounded to the cent (a time entry's own amount). */
  amountCents: cents,
  gstCents: cents,
  /** `totalAmount` of the spec: amount plus GST. */
  totalCents: cents,
  claimType: ClaimTypeSchema,
  claimStatus: ClaimStatusSchema,
  /** Reference of the line's latest claim (at most 50 characters, unique in the tenant). */
  claimReference: z.string().nullable(),
  /** The portal's error text of a rejected claim. */
  claimError: z.string().nullable(),
  paidCents: cents,
  problems: z.array(LineProblemSchema),
});
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;

export const InvoicePaymentSchema = z.object({
  id: z.uuid(),
  date: z.iso.date(),
  amountCents: z.number().int().positive(),
  reference: z.string(),
  /** 'manual' for a payment recorded by hand, 'ndia' for one from a claim's results file. */
  source: z.enum(['manual', 'ndia']),
  recordedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type InvoicePayment = z.infer<typeof InvoicePaymentSchema>;

const Person = z.object({ id: z.uuid(), name: z.string() }).nullable();

export const InvoiceSchema = z.object({
  id: z.uuid(),
  /** `INV-00042`: the tenant's invoice prefix and a per-tenant number without gaps or repeats. */
  invoiceNumber: z.string(),
  tenantId: z.uuid(),
  participantId: z.uuid(),
  participantName: z.string(),
  ndisNumber: z.string().nullable(),
  teamId: z.uuid().nullable(),
  payer: PayerSchema,
  periodFrom: z.iso.date(),
  periodTo: z.iso.date(),
  /** Set when the invoice is sent (or claimed); null before. */
  issueDate: z.iso.date().nullable(),
  dueDate: z.iso.date().nullable(),
  status: InvoiceStatusSchema,
  lineItems: z.array(InvoiceLineSchema),
  subtotalCents: cents,
  /** The tenant's GST rate when the invoice was made, e.g. 0 or 0.1; applies to P1 lines. */
  gstRate: z.number().min(0).max(1),
  gstCents: cents,
  totalCents: cents,
  paidCents: cents,
  /** Payment terms in days (30 unless the tenant's settings say otherwise). */
  paymentTerms: z.number().int().min(0).max(365),
  notes: z.string(),
  rejectionReason: z.string().nullable(),
  voidReason: z.string().nullable(),
  /** Lines with an error: submission is refused until they are fixed. */
  hasErrors: z.boolean(),
  createdBy: Person,
  submittedBy: Person,
  approvedBy: Person,
  submittedAt: z.iso.datetime({ offset: true }).nullable(),
  approvedAt: z.iso.datetime({ offset: true }).nullable(),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
  paidAt: z.iso.datetime({ offset: true }).nullable(),
  payments: z.array(InvoicePaymentSchema),
  /**
   * What the caller may do with the invoice now, decided on the server from its status, the
   * permission table, the approval rules (never one's own submission unless the organisation's only
   * approver; team leads within their limit) and its payer (claims only for the NDIA). The web offers
   * exactly these.
   */
  allowedActions: z.array(z.enum(invoiceActions)),
  version: z.number().int().positive(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/** A row of the board and list: the invoice without its lines and payments. */
export const InvoiceSummarySchema = InvoiceSchema.omit({
  lineItems: true,
  payments: true,
  allowedActions: true,
}).extend({
  lineCount: z.number().int().nonnegative(),
  isOverdue: z.boolean(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;

export const invoiceMessages = {
  noEntries: 'There is no approved, uninvoiced time for this participant in that period.',
  periodOrder: 'The period must end on or after its start',
  fixLines: 'Fix the problems on the invoice lines before submitting.',
  notDraft: 'Only draft invoices can be changed',
  notSubmittable: 'Only draft invoices can be submitted',
  notPending: 'Only invoices waiting for approval can be approved or rejected',
  ownApproval: 'You cannot approve an invoice you submitted',
  aboveLimit: 'This invoice is above the amount team leads may approve',
  notSendable: 'Only approved invoices can be sent',
  notVoidable: 'A paid invoice, or one with payments recorded, cannot be voided',
  reasonRequired: 'A reason is required',
  overpaid: 'The payment is more than the amount owing',
  futurePayment: 'The date paid cannot be after today',
  notPayable: 'Payments can be recorded only on sent, part-paid or overdue invoices',
  noLines: 'An invoice needs at least one line',
} as const;

export const CreateInvoiceSchema = z
  .object({
    participantId: z.uuid(),
    periodFrom: z.iso.date(),
    periodTo: z.iso.date(),
    notes: z.string().max(2000).optional(),
  })
  .refine((v) => v.periodTo >= v.periodFrom, { message: invoiceMessages.periodOrder, path: ['periodTo'] });
export type CreateInvoice = z.infer<typeof CreateInvoiceSchema>;

/** A line as the wizard edits it: an existing line keeps its id; a new hand-added line has none. */
export const InvoiceLineInputSchema = z.object({
  id: z.uuid().optional(),
  serviceDateFrom: z.iso.date(),
  serviceDateTo: z.iso.date(),
  supportItemNumber: z.string().trim().min(1, 'Choose a support item').max(40),
  description: z.string().trim().max(500).default(''),
  quantity: QuantitySchema,
  unitPriceCents: z.number().int().min(0).max(100_000_00),
  gstCode: GstCodeSchema.default('P2'),
  claimType: ClaimTypeSchema.default(''),
});
export type InvoiceLineInput = z.infer<typeof InvoiceLineInputSchema>;

/**
 * `PATCH /api/invoices/{id}`: a draft's notes, and its lines (the whole list: lines left out are
 * removed and their time entries released). A sent invoice is never edited; only a rejected claim
 * line may be corrected, through `lineCorrections`.
 */
export const UpdateInvoiceSchema = z.object({
  version: z.number().int().positive(),
  notes: z.string().max(2000).optional(),
  lineItems: z.array(InvoiceLineInputSchema).min(1, invoiceMessages.noLines).max(2000).optional(),
});
export type UpdateInvoice = z.infer<typeof UpdateInvoiceSchema>;

/** Correcting a line the NDIA rejected, so it can be claimed again. */
export const CorrectClaimLineSchema = z.object({
  version: z.number().int().positive(),
  supportItemNumber: z.string().trim().min(1).max(40).optional(),
  quantity: QuantitySchema.optional(),
  unitPriceCents: z.number().int().min(0).max(100_000_00).optional(),
  serviceDateFrom: z.iso.date().optional(),
  serviceDateTo: z.iso.date().optional(),
  claimType: ClaimTypeSchema.optional(),
});
export type CorrectClaimLine = z.infer<typeof CorrectClaimLineSchema>;

export const InvoiceStepSchema = z.object({ version: z.number().int().positive().optional() }).optional();
export const RejectInvoiceSchema = z.object({
  version: z.number().int().positive().optional(),
  reason: z.string().trim().min(1, invoiceMessages.reasonRequired).max(1000),
});
export const VoidInvoiceSchema = RejectInvoiceSchema;
export const RecordPaymentSchema = z.object({
  date: z.iso.date(),
  amountCents: z.number().int().positive('The amount must be more than $0.00'),
  reference: z.string().trim().min(1, 'A reference is required').max(100),
});
export type RecordPayment = z.infer<typeof RecordPaymentSchema>;

export const invoiceSorts = [
  'number',
  'participant',
  'payer',
  'period',
  'total',
  'dueDate',
  'status',
  'updated',
] as const;
export const InvoiceListQuerySchema = z.object({
  status: z
    .union([InvoiceStatusSchema, z.array(InvoiceStatusSchema)])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])),
  participantId: z.uuid().optional(),
  payerKind: PayerKindSchema.optional(),
  /** Invoices whose period overlaps from..to. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  overdue: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /** 'mine': created or submitted by the caller (My invoices); 'awaiting-me': waiting for the caller's approval. */
  scope: z.enum(['all', 'mine', 'awaiting-me']).default('all'),
  q: z.string().trim().max(100).optional(),
  sort: z.enum(invoiceSorts).default('number'),
  order: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type InvoiceListQuery = z.infer<typeof InvoiceListQuerySchema>;

/** Totals per status for the board's column heads, over the same filters as the list. */
export const InvoiceTotalsSchema = z.array(
  z.object({ status: InvoiceStatusSchema, count: z.number().int(), totalCents: z.number().int() }),
);

/** Claim batches: `POST /api/claims { invoiceIds }`. */
export const CreateClaimSchema = z.object({ invoiceIds: z.array(z.uuid()).min(1).max(500) });
export const ClaimBatchSchema = z.object({
  id: z.uuid(),
  /** CLM-00001: per tenant. */
  batchNumber: z.string(),
  status: z.enum(['exported', 'results-imported']),
  lineCount: z.number().int(),
  totalCents: z.number().int(),
  paidLineCount: z.number().int(),
  rejectedLineCount: z.number().int(),
  invoiceIds: z.array(z.uuid()),
  createdBy: Person,
  createdAt: z.iso.datetime({ offset: true }),
  resultsImportedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ClaimBatch = z.infer<typeof ClaimBatchSchema>;
