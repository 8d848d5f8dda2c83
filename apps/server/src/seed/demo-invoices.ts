import type { TaxInvoiceProfile } from '@wattle/domain/invoices/tax-invoice-settings';
import { addDays } from '@wattle/domain/time/clock';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { claimLines, invoices } from '../db/schema/invoices';
import { participants } from '../db/schema/participants';
import { tenants } from '../db/schema/tenants';
import type { Actor } from '../db/with-tenant';
import { tenantToday } from '../features/cards/card-values';
import { createClaim } from '../features/claims/create-claim';
import { importClaimResults } from '../features/claims/import-claim-results';
import { buildInvoice } from '../features/invoices/build-invoice';
import {
  approveInvoice,
  rejectInvoice,
  sendInvoice,
  submitInvoice,
  voidInvoice,
} from '../features/invoices/invoice-workflow';
import { recordPayment } from '../features/invoices/record-payment';
import { runInTenant, type TenantContext } from '../http/tenant-scope';
import { weekStart } from './demo-time';

/**
 * Demo invoices (issue 15 part 8): for each provider, invoices in every status made from the demo's
 * approved time of four to nine weeks ago (seed/demo-time.ts), through the same services the API
 * uses, so numbers, audit, notifications and time entries are as real use leaves them. Sunrise also
 * has one NDIA claim batch whose results file paid every line but one. The last fortnight's approved
 * time is left for someone to invoice.
 */

/** What each provider puts on its tax invoices and NDIA claims. */
export const demoTaxInvoiceProfiles: Record<string, TaxInvoiceProfile> = {
  sunrise: {
    legalName: 'Sunrise Support Network Pty Ltd',
    abn: '33445566717',
    ndisRegistrationNumber: '405012345',
    address: '12 Wattle Street, Parramatta NSW 2150',
    email: 'accounts@sunrise.example',
    phone: '02 9555 0142',
    bank: { accountName: 'Sunrise Support Network Pty Ltd', bsb: '062000', accountNumber: '12345678' },
    teamLeadApprovalLimitCents: null,
  },
  bluegum: {
    legalName: 'Bluegum Disability Services Ltd',
    abn: '44556677804',
    ndisRegistrationNumber: '405098765',
    address: '3 Bluegum Road, Dubbo NSW 2830',
    email: 'finance@bluegum.example',
    bank: { accountName: 'Bluegum Disability Services Ltd', bsb: '032001', accountNumber: '87654321' },
    teamLeadApprovalLimitCents: null,
  },
};

type Outcome =
  | 'draft'
  | 'sent-back'
  | 'pending-approval'
  | 'approved'
  | 'sent'
  | 'overdue'
  | 'part-paid'
  | 'paid'
  | 'void'
  /** Claimed from the NDIA in the demo's claim batch (`claim` says what the results did). */
  | 'claimed';

interface DemoInvoice {
  participant: string;
  /** The two weeks back the invoice covers: [older, newer] (Monday of the older to Sunday of the newer). */
  weeks: [number, number];
  outcome: Outcome;
  /** Agency-managed invoices claimed in the demo's claim batch instead of being sent. */
  claim?: 'all-paid' | 'one-rejected';
  note?: string;
}

interface DemoProvider {
  /** Builds, submits and sends. */
  clerk: string;
  /** Approves: not the submitter, unless they are the organisation's only approver (Bluegum's owner). */
  approver: string;
  invoices: DemoInvoice[];
}

const demoInvoices: Record<string, DemoProvider> = {
  sunrise: {
    clerk: 'adam.admin@sunrise.example',
    approver: 'olivia.owner@sunrise.example',
    invoices: [
      { participant: 'Jordan Lee', weeks: [9, 8], outcome: 'claimed', claim: 'all-paid' },
      { participant: 'Jordan Lee', weeks: [7, 6], outcome: 'claimed', claim: 'one-rejected' },
      { participant: 'Jordan Lee', weeks: [5, 4], outcome: 'sent-back' },
      { participant: 'Mia Thompson', weeks: [9, 8], outcome: 'overdue' },
      { participant: 'Mia Thompson', weeks: [7, 6], outcome: 'sent' },
      { participant: 'Mia Thompson', weeks: [5, 4], outcome: 'approved' },
      { participant: 'Noah Williams', weeks: [9, 8], outcome: 'paid' },
      { participant: 'Noah Williams', weeks: [7, 6], outcome: 'pending-approval' },
      { participant: 'Noah Williams', weeks: [5, 4], outcome: 'void' },
      { participant: 'Noah Williams', weeks: [5, 4], outcome: 'draft', note: 'Replaces the voided invoice.' },
    ],
  },
  bluegum: {
    clerk: 'ben.owner@bluegum.example',
    approver: 'ben.owner@bluegum.example',
    invoices: [
      { participant: 'Harper Nguyen', weeks: [7, 7], outcome: 'paid' },
      { participant: 'Harper Nguyen', weeks: [6, 6], outcome: 'part-paid' },
      { participant: 'Harper Nguyen', weeks: [5, 5], outcome: 'overdue' },
      { participant: 'Harper Nguyen', weeks: [4, 4], outcome: 'sent' },
      { participant: 'Oliver Smith', weeks: [7, 7], outcome: 'claimed', claim: 'all-paid' },
      { participant: 'Oliver Smith', weeks: [6, 6], outcome: 'approved' },
      { participant: 'Oliver Smith', weeks: [5, 5], outcome: 'void' },
      { participant: 'Oliver Smith', weeks: [5, 5], outcome: 'draft', note: 'Replaces the voided invoice.' },
      { participant: 'Oliver Smith', weeks: [4, 4], outcome: 'pending-approval' },
    ],
  },
};

const rejectionReason =
  'Please check the Saturday community access line against the service agreement before this goes out.';
const portalError = 'Service Booking has insufficient funds for this support item';

export async function seedDemoInvoices(
  db: Database,
  options: { tenantKey: string; tenantId: string; actorFor: (email: string) => Actor },
): Promise<void> {
  const { tenantKey, tenantId, actorFor } = options;
  const provider = demoInvoices[tenantKey];
  const profile = demoTaxInvoiceProfiles[tenantKey];
  if (!provider || !profile) return;
  const asClerk = <T>(fn: (ctx: TenantContext) => Promise<T>) =>
    runInTenant(db, tenantId, actorFor(provider.clerk), fn);
  const asApprover = <T>(fn: (ctx: TenantContext) => Promise<T>) =>
    runInTenant(db, tenantId, actorFor(provider.approver), fn);

  await asClerk((ctx) => ctx.tx.update(tenants).set({ taxInvoice: profile }).where(eq(tenants.id, tenantId)));
  const today = await asClerk((ctx) => tenantToday(ctx));
  const monday = weekStart(today);

  const toClaim: { id: string; claim: NonNullable<DemoInvoice['claim']> }[] = [];
  for (const spec of provider.invoices) {
    const periodFrom = addDays(monday, -7 * spec.weeks[0]);
    const periodTo = addDays(monday, -7 * spec.weeks[1] + 6);
    const invoice = await asClerk(async (ctx) => {
      const [participant] = await ctx.tx
        .select({ id: participants.id })
        .from(participants)
        .where(and(eq(participants.tenantId, tenantId), eq(participants.name, spec.participant)));
      return buildInvoice(ctx, { participantId: participant!.id, periodFrom, periodTo, notes: spec.note });
    });
    const id = invoice.id;
    if (spec.outcome === 'draft') continue;
    if (spec.outcome === 'void') {
      await asClerk((ctx) => voidInvoice(ctx, id, { reason: 'Built for the wrong period; replaced.' }));
      continue;
    }
    await asClerk((ctx) => submitInvoice(ctx, id));
    if (spec.outcome === 'pending-approval') continue;
    if (spec.outcome === 'sent-back') {
      await asApprover((ctx) => rejectInvoice(ctx, id, { reason: rejectionReason }));
      continue;
    }
    await asApprover((ctx) => approveInvoice(ctx, id));
    if (spec.outcome === 'approved') continue;
    if (spec.claim) {
      toClaim.push({ id, claim: spec.claim });
      continue;
    }
    const sent = await asClerk((ctx) => sendInvoice(ctx, id));
    if (spec.outcome === 'overdue') {
      // As if it had been sent 40 days ago: the overdue job (jobs/invoice-overdue-job.ts) finds it
      // past due when the server starts, marks it and tells the people who should know.
      await asClerk((ctx) =>
        ctx.tx
          .update(invoices)
          .set({ issueDate: addDays(today, -40), dueDate: addDays(today, -40 + sent.paymentTerms) })
          .where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, id))),
      );
    }
    if (spec.outcome === 'paid' || spec.outcome === 'part-paid') {
      await asClerk((ctx) =>
        recordPayment(ctx, id, {
          date: today,
          amountCents: spec.outcome === 'paid' ? sent.totalCents : Math.ceil(sent.totalCents / 2),
          reference: `EFT ${sent.invoiceNumber}`,
        }),
      );
    }
  }
  if (toClaim.length > 0) await claimAndSettle(asClerk, toClaim);
}

/**
 * One bulk payment request of the agency-managed invoices, and the portal's results for it: every
 * line paid in full, except the last line of the invoice marked 'one-rejected', which the NDIA
 * refused (it comes back to its line for correction).
 */
async function claimAndSettle(
  asClerk: <T>(fn: (ctx: TenantContext) => Promise<T>) => Promise<T>,
  toClaim: { id: string; claim: 'all-paid' | 'one-rejected' }[],
): Promise<void> {
  const batch = await asClerk((ctx) => createClaim(ctx, { invoiceIds: toClaim.map((c) => c.id) }));
  const lines = await asClerk((ctx) =>
    ctx.tx
      .select({
        invoiceId: claimLines.invoiceId,
        reference: claimLines.claimReference,
        amountCents: claimLines.amountCents,
      })
      .from(claimLines)
      .where(and(eq(claimLines.tenantId, ctx.tenantId), eq(claimLines.batchId, batch.id)))
      .orderBy(asc(claimLines.claimReference)),
  );
  const rejectedInvoice = toClaim.find((c) => c.claim === 'one-rejected')?.id;
  const refused = lines.filter((l) => l.invoiceId === rejectedInvoice).at(-1)?.reference;
  const dollars = (cents: number) => (cents / 100).toFixed(2);
  const rows = lines.map((l) =>
    l.reference === refused
      ? [l.reference, 'ERROR', '0.00', portalError]
      : [l.reference, 'SUCCESSFUL', dollars(l.amountCents), ''],
  );
  const file = [['ClaimReference', 'Payment Request Status', 'PaidTotalAmount', 'Error Message'], ...rows]
    .map((row) => row.join(','))
    .join('\r\n');
  await asClerk((ctx) => importClaimResults(ctx, batch.id, file));
}
