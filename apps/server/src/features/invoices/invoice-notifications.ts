import { formatCents } from '@wattle/domain/participants/plans';
import { and, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import { notifications } from '../../db/schema/notifications';
import { teamMembers } from '../../db/schema/teams';
import { memberships } from '../../db/schema/tenants';
import type { TenantContext } from '../../http/tenant-scope';
import { findTenantAdmins } from '../../jobs/recipients';
import { announceNotifications, createNotifications } from '../notifications/create-notifications';
import { teamLeadApprovalLimit } from './invoice-access';
import type { InvoiceRow } from './invoice-records';

type Ctx = Pick<TenantContext, 'tx' | 'tenantId' | 'actor'>;

/**
 * Who may approve this invoice: the tenant's owners and admins, and the team leads of its
 * participant's team when the tenant lets team leads approve up to an amount the invoice is within
 * (a guest only on a team shared with them). Never the person who submitted it.
 */
export async function invoiceApprovers(
  ctx: Ctx,
  invoice: Pick<InvoiceRow, 'teamId' | 'totalCents' | 'submittedBy'>,
  teamLeadLimitCents: number | null,
): Promise<string[]> {
  const approvers = new Set(await findTenantAdmins(ctx.tx, ctx.tenantId));
  if (invoice.teamId !== null && teamLeadLimitCents !== null && invoice.totalCents <= teamLeadLimitCents) {
    const leads = await ctx.tx
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .innerJoin(
        memberships,
        and(eq(memberships.tenantId, teamMembers.tenantId), eq(memberships.userId, teamMembers.userId)),
      )
      .where(
        and(
          eq(teamMembers.tenantId, ctx.tenantId),
          eq(teamMembers.teamId, invoice.teamId),
          eq(teamMembers.role, 'Team Lead'),
          or(
            sql`${memberships.role} <> 'guest'`,
            sql`${teamMembers.teamId} = any(${memberships.sharedTeamIds})`,
          ),
        ),
      );
    for (const lead of leads) approvers.add(lead.userId);
  }
  if (invoice.submittedBy) approvers.delete(invoice.submittedBy);
  return [...approvers];
}

function label(invoice: Pick<InvoiceRow, 'invoiceNumber' | 'totalCents'>, participantName: string): string {
  return `invoice ${invoice.invoiceNumber} for ${participantName} (${formatCents(invoice.totalCents)})`;
}

/**
 * Submitted: each approver gets an 'approval' notification, pending until the invoice is decided, so
 * it counts in their inbox badge (notification-service.ts counts pending approvals as unread).
 */
export async function notifyApprovalWanted(
  ctx: Ctx,
  invoice: InvoiceRow,
  participantName: string,
): Promise<void> {
  const approvers = await invoiceApprovers(ctx, invoice, await teamLeadApprovalLimit(ctx));
  await createNotifications(
    ctx.tx,
    approvers.map((userId) => ({
      tenantId: ctx.tenantId,
      userId,
      type: 'approval' as const,
      priority: 'normal' as const,
      approvalStatus: 'pending' as const,
      message: `${ctx.actor.name} submitted ${label(invoice, participantName)} for approval`,
      invoiceId: invoice.id,
      participantId: invoice.participantId,
      participantName,
    })),
  );
}

/**
 * Decided (approved, rejected, or voided while waiting): the invoice's pending approval notifications
 * take the outcome and are marked read, so they leave every approver's badge.
 */
export async function resolveApprovalNotifications(
  ctx: Ctx,
  invoiceId: string,
  outcome: 'approved' | 'rejected',
): Promise<void> {
  const now = new Date();
  const changed = await ctx.tx
    .update(notifications)
    .set({
      approvalStatus: outcome,
      read: true,
      readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(
      and(
        eq(notifications.tenantId, ctx.tenantId),
        eq(notifications.invoiceId, invoiceId),
        eq(notifications.type, 'approval'),
        isNotNull(notifications.approvalStatus),
        ne(notifications.approvalStatus, outcome),
      ),
    )
    .returning({ id: notifications.id, tenantId: notifications.tenantId, userId: notifications.userId });
  await announceNotifications(ctx.tx, 'updated', changed);
}

/** Sent back: the submitter reads why in their inbox ('rejected', 'Request Rejected'). */
export async function notifyInvoiceRejected(
  ctx: Ctx,
  invoice: InvoiceRow,
  participantName: string,
  reason: string,
): Promise<void> {
  const to = invoice.submittedBy ?? invoice.createdBy;
  if (!to) return;
  await createNotifications(ctx.tx, [
    {
      tenantId: ctx.tenantId,
      userId: to,
      type: 'rejected',
      priority: 'normal',
      message: `${ctx.actor.name} rejected ${label(invoice, participantName)}: ${reason}`,
      invoiceId: invoice.id,
      participantId: invoice.participantId,
      participantName,
    },
  ]);
}

/** A payment was recorded: the invoice's creator hears of it ('payment', 'Payment Received'). */
export async function notifyPaymentReceived(
  ctx: Ctx,
  invoice: InvoiceRow,
  participantName: string,
  amountCents: number,
  status: string,
): Promise<void> {
  const recipients = [invoice.createdBy].filter((id): id is string => id !== null && id !== ctx.actor.id);
  if (recipients.length === 0) return;
  const settled =
    status === 'paid'
      ? 'now paid in full'
      : `${formatCents(invoice.totalCents - invoice.paidCents - amountCents)} still owing`;
  await createNotifications(
    ctx.tx,
    recipients.map((userId) => ({
      tenantId: ctx.tenantId,
      userId,
      type: 'payment' as const,
      priority: 'normal' as const,
      message: `${formatCents(amountCents)} received for ${label(invoice, participantName)}; ${settled}`,
      invoiceId: invoice.id,
      participantId: invoice.participantId,
      participantName,
    })),
  );
}
