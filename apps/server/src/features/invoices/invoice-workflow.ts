import type { FieldChange } from '@wattle/domain/audit/schemas';
import { type Invoice, invoiceMessages } from '@wattle/domain/invoices/schemas';
import { dueDateFor, invoiceAllows } from '@wattle/domain/invoices/workflow';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { invoiceLines, invoices } from '../../db/schema/invoices';
import { participants } from '../../db/schema/participants';
import { timeEntries } from '../../db/schema/time-entries';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { tenantToday } from '../cards/card-values';
import { publishTimeEntryChanges } from '../time-entries/time-entry-events';
import {
  type InvoiceReach,
  invoiceReach,
  isSoleApprover,
  requireInvoiceApprover,
  requireInvoiceManager,
} from './invoice-access';
import { publishInvoiceChanges } from './invoice-events';
import {
  notifyApprovalWanted,
  notifyInvoiceRejected,
  resolveApprovalNotifications,
} from './invoice-notifications';
import { checkInvoiceVersion, type InvoiceRow, loadInvoiceRow, readInvoice } from './invoice-records';

/**
 * The invoice workflow's steps (domain invoices/workflow.ts says which each status allows):
 * submit (no line errors) → approve or reject (reason; back to draft) → send (issue and due dates);
 * void (reason) releases the invoice's time entries and cards. Each step locks the invoice, checks an
 * optional version (409 with the current invoice), is audited and announced.
 */

type Step = 'submitted' | 'approved' | 'rejected' | 'sent' | 'voided';

async function participantName(ctx: TenantContext, row: InvoiceRow): Promise<string> {
  const [p] = await ctx.tx
    .select({ name: participants.name })
    .from(participants)
    .where(and(eq(participants.tenantId, ctx.tenantId), eq(participants.id, row.participantId)));
  return p?.name ?? 'a participant';
}

/** Writes the step's values, with version + 1, the audit entry and the live event. */
async function applyStep(
  ctx: TenantContext,
  row: InvoiceRow,
  step: Step,
  values: Partial<typeof invoices.$inferInsert>,
  extra: FieldChange[] = [],
): Promise<InvoiceRow> {
  const version = row.version + 1;
  const [updated] = await ctx.tx
    .update(invoices)
    .set({ ...values, version, updatedAt: new Date() })
    .where(and(eq(invoices.tenantId, ctx.tenantId), eq(invoices.id, row.id)))
    .returning();
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'invoice',
    entityId: row.id,
    action: step,
    changes: [{ field: 'status', oldValue: row.status, newValue: values.status }, ...extra],
    metadata: { version, invoiceNumber: row.invoiceNumber },
  });
  await publishInvoiceChanges(ctx, 'updated', [{ id: row.id, version }]);
  return updated!;
}

async function load(ctx: TenantContext, id: string, version: number | undefined) {
  const reach = await invoiceReach(ctx);
  const row = await loadInvoiceRow(ctx, reach, id, true);
  await checkInvoiceVersion(ctx, row, version);
  return { reach, row };
}

function refuse(message: string, details?: unknown): never {
  throw new AppError('WORKFLOW_REFUSED', message, details);
}

/** `POST /api/invoices/{id}/submit`: a draft without line errors goes to its approvers. */
export async function submitInvoice(ctx: TenantContext, id: string, version?: number): Promise<Invoice> {
  const { reach, row } = await load(ctx, id, version);
  requireInvoiceManager(reach);
  if (!invoiceAllows(row.status, 'submit')) refuse(invoiceMessages.notSubmittable);
  if (row.lineCount === 0) refuse(invoiceMessages.noLines);
  if (row.hasErrors) {
    const lines = await ctx.tx
      .select({ id: invoiceLines.id, lineNumber: invoiceLines.lineNumber, problems: invoiceLines.problems })
      .from(invoiceLines)
      .where(and(eq(invoiceLines.tenantId, ctx.tenantId), eq(invoiceLines.invoiceId, id)))
      .orderBy(invoiceLines.lineNumber);
    refuse(invoiceMessages.fixLines, {
      lines: lines
        .map((l) => ({ ...l, problems: l.problems.filter((p) => p.severity === 'error') }))
        .filter((l) => l.problems.length > 0),
    });
  }
  const updated = await applyStep(
    ctx,
    row,
    'submitted',
    {
      status: 'pending-approval',
      submittedBy: ctx.actor.id,
      submittedAt: new Date(),
      rejectionReason: null,
    },
    row.rejectionReason ? [{ field: 'rejectionReason', oldValue: row.rejectionReason, newValue: null }] : [],
  );
  await notifyApprovalWanted(ctx, updated, await participantName(ctx, row));
  return readInvoice(ctx, id);
}

/** Whether the caller meets their own submission as the organisation's only approver. */
async function soleApproverOfOwn(ctx: TenantContext, reach: InvoiceReach, row: InvoiceRow): Promise<boolean> {
  return row.submittedBy === ctx.actor.id && (await isSoleApprover(ctx, reach));
}

function requirePending(row: InvoiceRow): void {
  if (row.status !== 'pending-approval') refuse(invoiceMessages.notPending);
}

/** `POST /api/invoices/{id}/approve`: an approver (not the submitter; team leads within the limit). */
export async function approveInvoice(ctx: TenantContext, id: string, version?: number): Promise<Invoice> {
  const { reach, row } = await load(ctx, id, version);
  requireInvoiceApprover(reach, row, await soleApproverOfOwn(ctx, reach, row));
  requirePending(row);
  await applyStep(ctx, row, 'approved', {
    status: 'approved',
    approvedBy: ctx.actor.id,
    approvedAt: new Date(),
  });
  await resolveApprovalNotifications(ctx, id, 'approved');
  return readInvoice(ctx, id);
}

/** `POST /api/invoices/{id}/reject { reason }`: back to draft with the reason, told to the submitter. */
export async function rejectInvoice(
  ctx: TenantContext,
  id: string,
  input: { reason: string; version?: number },
): Promise<Invoice> {
  const { reach, row } = await load(ctx, id, input.version);
  requireInvoiceApprover(reach, row, await soleApproverOfOwn(ctx, reach, row));
  requirePending(row);
  const updated = await applyStep(
    ctx,
    row,
    'rejected',
    { status: 'draft', rejectionReason: input.reason, approvedBy: null, approvedAt: null },
    [{ field: 'rejectionReason', oldValue: row.rejectionReason, newValue: input.reason }],
  );
  await resolveApprovalNotifications(ctx, id, 'rejected');
  await notifyInvoiceRejected(ctx, updated, await participantName(ctx, row), input.reason);
  return readInvoice(ctx, id);
}

/**
 * `POST /api/invoices/{id}/send`: an approved invoice is issued today (the tenant's date) and falls
 * due after its payment terms. E-mailing the PDF to a plan manager or self-managed payer is the
 * route's business, after this commits (routes.ts).
 */
export async function sendInvoice(ctx: TenantContext, id: string, version?: number): Promise<Invoice> {
  const { reach, row } = await load(ctx, id, version);
  requireInvoiceManager(reach);
  if (!invoiceAllows(row.status, 'send')) refuse(invoiceMessages.notSendable);
  const issueDate = await tenantToday(ctx);
  const dueDate = dueDateFor(issueDate, row.paymentTerms);
  await applyStep(ctx, row, 'sent', { status: 'sent', issueDate, dueDate, sentAt: new Date() }, [
    { field: 'issueDate', oldValue: row.issueDate, newValue: issueDate },
    { field: 'dueDate', oldValue: row.dueDate, newValue: dueDate },
  ]);
  return readInvoice(ctx, id);
}

/**
 * Gives the invoice's time entries back (not invoiced, no invoice), so a new invoice can take them;
 * its card lines need nothing, as a card is billed while a line of an invoice not void names it.
 */
export async function releaseTimeEntries(
  ctx: TenantContext,
  invoiceId: string,
  only?: readonly string[],
): Promise<number> {
  const released = await ctx.tx
    .update(timeEntries)
    .set({
      isInvoiced: false,
      invoiceId: null,
      version: sql`${timeEntries.version} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(timeEntries.tenantId, ctx.tenantId),
        eq(timeEntries.invoiceId, invoiceId),
        only ? inArray(timeEntries.id, [...only]) : undefined,
      ),
    )
    .returning({ id: timeEntries.id, version: timeEntries.version });
  await publishTimeEntryChanges(ctx, 'updated', released);
  return released.length;
}

/** `POST /api/invoices/{id}/void { reason }`: an invoice with nothing paid is voided; its time is released. */
export async function voidInvoice(
  ctx: TenantContext,
  id: string,
  input: { reason: string; version?: number },
): Promise<Invoice> {
  const { reach, row } = await load(ctx, id, input.version);
  requireInvoiceManager(reach);
  if (!invoiceAllows(row.status, 'void', row.paidCents)) refuse(invoiceMessages.notVoidable);
  const released = await releaseTimeEntries(ctx, id);
  await applyStep(ctx, row, 'voided', { status: 'void', voidReason: input.reason }, [
    { field: 'voidReason', oldValue: null, newValue: input.reason },
    { field: 'releasedTimeEntries', oldValue: null, newValue: released },
  ]);
  if (row.status === 'pending-approval') await resolveApprovalNotifications(ctx, id, 'rejected');
  return readInvoice(ctx, id);
}
