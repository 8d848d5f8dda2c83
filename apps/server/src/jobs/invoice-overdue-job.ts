import { formatCents } from '@wattle/domain/participants/plans';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { invoices } from '../db/schema/invoices';
import { participants } from '../db/schema/participants';
import { writeAuditEntries } from '../features/audit/write-audit';
import { publishInvoiceChanges } from '../features/invoices/invoice-events';
import { formatLongDate } from './deadline-notices';
import type { JobScope } from './job-scope';
import { type DedupedNotification, notifyOnce } from './notify-once';
import { findTenantAdmins } from './recipients';

/**
 * Overdue invoices (issue 15 part 6): every sent or part-paid invoice whose due date is before the
 * tenant's today becomes 'overdue' (audited, announced), and its creator and the tenant's owners and
 * admins are told once: `invoice-overdue:<invoiceId>` through notifyOnce, in the same transaction as
 * the status change. A restart, a second run or a second instance finds nothing left to mark and
 * claims no key twice, so nobody is told twice. Answers how many notifications were created.
 */
export async function markInvoicesOverdue(scope: JobScope): Promise<number> {
  const { tx, tenantId, today } = scope;
  const due = await tx
    .update(invoices)
    .set({ status: 'overdue', version: sql`${invoices.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(invoices.tenantId, tenantId),
        inArray(invoices.status, ['sent', 'part-paid']),
        lt(invoices.dueDate, today),
      ),
    )
    .returning({
      id: invoices.id,
      version: invoices.version,
      invoiceNumber: invoices.invoiceNumber,
      participantId: invoices.participantId,
      createdBy: invoices.createdBy,
      totalCents: invoices.totalCents,
      paidCents: invoices.paidCents,
      dueDate: invoices.dueDate,
    });
  if (due.length === 0) return 0;
  await writeAuditEntries(
    tx,
    due.map((invoice) => ({
      tenantId,
      actor: null,
      entity: 'invoice',
      entityId: invoice.id,
      action: 'overdue',
      // Only 'sent' and 'part-paid' are marked, and an invoice is part-paid exactly when something
      // has been paid on it (settledStatus), so what was paid tells which it was.
      changes: [
        { field: 'status', oldValue: invoice.paidCents > 0 ? 'part-paid' : 'sent', newValue: 'overdue' },
      ],
      metadata: { version: invoice.version, invoiceNumber: invoice.invoiceNumber, dueDate: invoice.dueDate },
    })),
  );
  await publishInvoiceChanges({ tx, tenantId }, 'updated', due);

  const names = new Map(
    (
      await tx
        .select({ id: participants.id, name: participants.name })
        .from(participants)
        .where(
          and(
            eq(participants.tenantId, tenantId),
            inArray(participants.id, [...new Set(due.map((d) => d.participantId))]),
          ),
        )
    ).map((p) => [p.id, p.name]),
  );
  const admins = await findTenantAdmins(tx, tenantId);
  const rows: DedupedNotification[] = due.flatMap((invoice) => {
    const participantName = names.get(invoice.participantId) ?? null;
    const owing = formatCents(invoice.totalCents - invoice.paidCents);
    const message = `Invoice ${invoice.invoiceNumber}${participantName ? ` for ${participantName}` : ''} is overdue: ${owing} was due on ${formatLongDate(invoice.dueDate!)}`;
    const recipients = new Set([...admins, ...(invoice.createdBy ? [invoice.createdBy] : [])]);
    return [...recipients].map((userId) => ({
      tenantId,
      userId,
      type: 'overdue' as const,
      priority: 'high' as const,
      message,
      invoiceId: invoice.id,
      participantId: invoice.participantId,
      participantName,
      dedupeKey: `invoice-overdue:${invoice.id}`,
    }));
  });
  return notifyOnce(tx, rows);
}
