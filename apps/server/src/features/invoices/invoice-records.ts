import type {
  ClaimStatus,
  Invoice,
  InvoiceLine,
  InvoicePayment,
  InvoiceSummary,
} from '@wattle/domain/invoices/schemas';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { invoiceLines, invoicePayments, invoices } from '../../db/schema/invoices';
import { participants } from '../../db/schema/participants';
import { users } from '../../db/schema/users';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import {
  allowedInvoiceActions,
  claimableLineStatuses,
  type InvoiceReach,
  invoiceNotFound,
  invoiceReach,
  readsInvoice,
  requireInvoiceReader,
} from './invoice-access';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;

export const invoiceConflictMessage = 'This invoice was changed by someone else; review the current version';

/**
 * The invoice the caller reaches (403 for a caller who reads no invoices at all), locked for the rest of the transaction when `forUpdate` (every
 * write takes it so, and so waits on a concurrent write instead of overwriting it); 404 otherwise.
 */
export async function loadInvoiceRow(
  ctx: TenantContext,
  reach: InvoiceReach,
  id: string,
  forUpdate = false,
): Promise<InvoiceRow> {
  requireInvoiceReader(reach);
  const query = ctx.tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.tenantId, ctx.tenantId), eq(invoices.id, id)))
    .$dynamic();
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row || !readsInvoice(reach, row)) throw invoiceNotFound();
  return row;
}

/** 409 CONFLICT with the current invoice when the version sent is not the stored one. */
export async function checkInvoiceVersion(
  ctx: TenantContext,
  row: InvoiceRow,
  version: number | undefined,
): Promise<void> {
  if (version !== undefined && version !== row.version) {
    throw new AppError('CONFLICT', invoiceConflictMessage, { current: await readInvoice(ctx, row.id) });
  }
}

/** Names of the people an invoice mentions, in one query. */
export async function userNames(
  tx: Queryable,
  ids: readonly (string | null)[],
): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((id): id is string => id !== null))];
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

const person = (names: Map<string, string>, id: string | null) =>
  id === null ? null : { id, name: names.get(id) ?? 'Unknown' };

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export function toInvoiceLine(row: InvoiceLineRow): InvoiceLine {
  return {
    id: row.id,
    lineNumber: row.lineNumber,
    timeEntryId: row.timeEntryId,
    cardId: row.cardId,
    serviceDateFrom: row.serviceDateFrom,
    serviceDateTo: row.serviceDateTo,
    supportItemNumber: row.supportItemNumber,
    supportItemName: row.supportItemName,
    description: row.description,
    quantity: Number(row.quantity),
    unit: row.unit,
    unitPriceCents: row.unitPriceCents,
    gstCode: row.gstCode,
    amountCents: row.amountCents,
    gstCents: row.gstCents,
    totalCents: row.totalCents,
    claimType: row.claimType as InvoiceLine['claimType'],
    claimStatus: row.claimStatus,
    claimReference: row.claimReference,
    claimError: row.claimError,
    paidCents: row.paidCents,
    problems: row.problems,
  };
}

/** An invoice row as the board and list show it, with the participant's name and NDIS number. */
export function toInvoiceSummary(
  row: InvoiceRow,
  participant: { name: string; ndisNumber: string | null },
  names: Map<string, string>,
  today: string,
): InvoiceSummary {
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    tenantId: row.tenantId,
    participantId: row.participantId,
    participantName: participant.name,
    ndisNumber: participant.ndisNumber,
    teamId: row.teamId,
    payer: row.payer,
    periodFrom: row.periodFrom,
    periodTo: row.periodTo,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    status: row.status,
    subtotalCents: row.subtotalCents,
    gstRate: Number(row.gstRate),
    gstCents: row.gstCents,
    totalCents: row.totalCents,
    paidCents: row.paidCents,
    paymentTerms: row.paymentTerms,
    notes: row.notes,
    rejectionReason: row.rejectionReason,
    voidReason: row.voidReason,
    hasErrors: row.hasErrors,
    createdBy: person(names, row.createdBy),
    submittedBy: person(names, row.submittedBy),
    approvedBy: person(names, row.approvedBy),
    submittedAt: iso(row.submittedAt),
    approvedAt: iso(row.approvedAt),
    sentAt: iso(row.sentAt),
    paidAt: iso(row.paidAt),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lineCount: row.lineCount,
    isOverdue: isOverdue(row, today),
  };
}

/** Owed and past its due date (the job marks such invoices 'overdue' once a day). */
export function isOverdue(row: Pick<InvoiceRow, 'status' | 'dueDate'>, today: string): boolean {
  if (row.status === 'overdue') return true;
  return (row.status === 'sent' || row.status === 'part-paid') && row.dueDate !== null && row.dueDate < today;
}

/** The whole invoice: its lines in order, its payments by date, and the people it names. */
export async function readInvoice(
  ctx: TenantContext,
  id: string,
  /** The caller's reach when already worked out, so it is not asked again. */
  reach?: InvoiceReach,
): Promise<Invoice> {
  const [found] = await ctx.tx
    .select({ invoice: invoices, name: participants.name, ndisNumber: participants.ndisNumber })
    .from(invoices)
    .innerJoin(
      participants,
      and(eq(participants.tenantId, invoices.tenantId), eq(participants.id, invoices.participantId)),
    )
    .where(and(eq(invoices.tenantId, ctx.tenantId), eq(invoices.id, id)));
  if (!found) throw invoiceNotFound();
  const [lines, payments] = await Promise.all([
    ctx.tx
      .select()
      .from(invoiceLines)
      .where(and(eq(invoiceLines.tenantId, ctx.tenantId), eq(invoiceLines.invoiceId, id)))
      .orderBy(asc(invoiceLines.lineNumber)),
    ctx.tx
      .select()
      .from(invoicePayments)
      .where(and(eq(invoicePayments.tenantId, ctx.tenantId), eq(invoicePayments.invoiceId, id)))
      .orderBy(asc(invoicePayments.date), asc(invoicePayments.createdAt)),
  ]);
  const row = found.invoice;
  const names = await userNames(ctx.tx, [
    row.createdBy,
    row.submittedBy,
    row.approvedBy,
    ...payments.map((p) => p.recordedBy),
  ]);
  const {
    lineCount: _count,
    isOverdue: _overdue,
    ...summary
  } = toInvoiceSummary(row, { name: found.name, ndisNumber: found.ndisNumber }, names, '');
  const allowedActions = await allowedInvoiceActions(ctx, reach ?? (await invoiceReach(ctx)), {
    status: row.status,
    paidCents: row.paidCents,
    payerKind: row.payer.kind,
    teamId: row.teamId,
    totalCents: row.totalCents,
    submittedBy: row.submittedBy,
    hasClaimableLines: lines.some((l) =>
      (claimableLineStatuses as readonly ClaimStatus[]).includes(l.claimStatus),
    ),
  });
  return {
    ...summary,
    allowedActions,
    lineItems: lines.map(toInvoiceLine),
    payments: payments.map(
      (p): InvoicePayment => ({
        id: p.id,
        date: p.date,
        amountCents: p.amountCents,
        reference: p.reference,
        source: p.source,
        recordedBy: person(names, p.recordedBy),
        createdAt: p.createdAt.toISOString(),
      }),
    ),
  };
}
