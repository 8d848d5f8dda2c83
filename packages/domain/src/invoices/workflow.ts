import type { InvoiceStatus } from './schemas';

/**
 * The invoice workflow (issue 15 part 1), one place for the server that enforces it and the web that
 * offers only the actions it allows:
 *
 *   draft ──submit──▶ pending-approval ──approve──▶ approved ──send / claim──▶ sent
 *     ▲                     │ reject (reason)                                  │ payments, claim results
 *     └─────────────────────┘                           sent ─▶ part-paid ─▶ paid; sent/part-paid ─▶ overdue (job)
 *
 * Any invoice not paid and without payments may be voided (reason required), which releases its
 * time entries. A sent invoice is never edited: it is voided and replaced, or a rejected claim line
 * is corrected and claimed again.
 */
export const invoiceActions = [
  'edit',
  'submit',
  'approve',
  'reject',
  'send',
  'claim',
  'pay',
  'void',
] as const;
export type InvoiceAction = (typeof invoiceActions)[number];

const actionsByStatus: Record<InvoiceStatus, readonly InvoiceAction[]> = {
  draft: ['edit', 'submit', 'void'],
  'pending-approval': ['approve', 'reject', 'void'],
  approved: ['send', 'claim', 'void'],
  sent: ['pay', 'claim', 'void'],
  'part-paid': ['pay', 'claim'],
  overdue: ['pay', 'claim', 'void'],
  paid: [],
  void: [],
};

/** Whether the status allows the action at all (who may take it is the permission table's business). */
export function invoiceAllows(status: InvoiceStatus, action: InvoiceAction, paidCents = 0): boolean {
  if (action === 'void' && paidCents > 0) return false;
  return actionsByStatus[status].includes(action);
}

/** Statuses in which an invoice has been issued to its payer and money is owed. */
export const owingStatuses = ['sent', 'part-paid', 'overdue'] as const satisfies readonly InvoiceStatus[];

/**
 * The status of an issued invoice after its payments change: paid when nothing is owed, part paid
 * when something was paid, otherwise overdue once past its due date, else sent.
 */
export function settledStatus(input: {
  totalCents: number;
  paidCents: number;
  dueDate: string | null;
  today: string;
}): 'sent' | 'part-paid' | 'paid' | 'overdue' {
  const { totalCents, paidCents, dueDate, today } = input;
  if (paidCents >= totalCents) return 'paid';
  if (dueDate !== null && dueDate < today) return 'overdue';
  if (paidCents > 0) return 'part-paid';
  return 'sent';
}

/** The due date: the issue date plus the payment terms in days (ISO dates, calendar days). */
export function dueDateFor(issueDate: string, paymentTermsDays: number): string {
  const d = new Date(`${issueDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + paymentTermsDays);
  return d.toISOString().slice(0, 10);
}

/** `INV-00042`: the prefix, a dash and the number padded to five digits (more when it grows). */
export function formatInvoiceNumber(prefix: string, n: number): string {
  return `${prefix}-${String(n).padStart(5, '0')}`;
}

/** `CLM-00007`: a claim batch's number. */
export function formatClaimBatchNumber(n: number): string {
  return `CLM-${String(n).padStart(5, '0')}`;
}
