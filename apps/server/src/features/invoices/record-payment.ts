import { type Invoice, invoiceMessages, type RecordPayment } from '@wattle/domain/invoices/schemas';
import { invoiceAllows } from '@wattle/domain/invoices/workflow';
import { and, eq } from 'drizzle-orm';
import { invoicePayments } from '../../db/schema/invoices';
import { participants } from '../../db/schema/participants';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { tenantToday } from '../cards/card-values';
import { invoiceReach, requireInvoiceManager } from './invoice-access';
import { notifyPaymentReceived } from './invoice-notifications';
import { loadInvoiceRow, readInvoice } from './invoice-records';
import { settleInvoice } from './settle-invoice';

/**
 * `POST /api/invoices/{id}/payments { date, amountCents, reference }`: money received outside the
 * portal, on an invoice that is owed (sent, part paid, overdue), never more than is owing nor dated
 * after today. The invoice's paid amount and status follow (settleInvoice: part paid, paid); its
 * creator is told.
 */
export async function recordPayment(ctx: TenantContext, id: string, input: RecordPayment): Promise<Invoice> {
  const reach = await invoiceReach(ctx);
  requireInvoiceManager(reach);
  const row = await loadInvoiceRow(ctx, reach, id, true);
  if (!invoiceAllows(row.status, 'pay')) throw new AppError('WORKFLOW_REFUSED', invoiceMessages.notPayable);
  // Money received is recorded once it has been: a date after today (the tenant's) is a typing slip.
  if (input.date > (await tenantToday(ctx))) {
    throw new AppError('VALIDATION_FAILED', invoiceMessages.futurePayment, [
      { path: ['date'], message: invoiceMessages.futurePayment },
    ]);
  }
  const owing = row.totalCents - row.paidCents;
  if (input.amountCents > owing) {
    throw new AppError('WORKFLOW_REFUSED', invoiceMessages.overpaid, [
      { path: ['amountCents'], message: invoiceMessages.overpaid },
    ]);
  }
  const [payment] = await ctx.tx
    .insert(invoicePayments)
    .values({
      tenantId: ctx.tenantId,
      invoiceId: id,
      date: input.date,
      amountCents: input.amountCents,
      reference: input.reference,
      source: 'manual',
      recordedBy: ctx.actor.id,
    })
    .returning({ id: invoicePayments.id });
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'invoice',
    entityId: id,
    action: 'payment-recorded',
    changes: [{ field: 'payments', oldValue: null, newValue: input }],
    metadata: { paymentId: payment!.id, invoiceNumber: row.invoiceNumber },
  });
  const settled = await settleInvoice(ctx, id);
  const [participant] = await ctx.tx
    .select({ name: participants.name })
    .from(participants)
    .where(and(eq(participants.tenantId, ctx.tenantId), eq(participants.id, row.participantId)));
  await notifyPaymentReceived(
    ctx,
    row,
    participant?.name ?? 'a participant',
    input.amountCents,
    settled.status,
  );
  return readInvoice(ctx, id);
}
