import { can } from '@wattle/domain/auth/permissions';
import { effectiveTeamRole, type TeamRole } from '@wattle/domain/auth/roles';
import {
  type ClaimStatus,
  type InvoiceStatus,
  invoiceMessages,
  type PayerKind,
} from '@wattle/domain/invoices/schemas';
import { type InvoiceAction, invoiceAllows } from '@wattle/domain/invoices/workflow';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { memberships, tenants } from '../../db/schema/tenants';
import { AppError, forbidden } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { myTeamMemberships, type TeamMembership } from '../teams/my-team-memberships';

/**
 * Who reaches which invoices (DESIGN.md section 5, the one permission table):
 * - read:invoices tenant-wide (owners, admins, auditors) reads every invoice;
 * - manage:invoices (owners, admins) builds, edits, submits, sends, voids and records payments;
 * - approve:invoices tenant-wide (owners, admins) approves any invoice but one they submitted,
 *   unless nobody else in the organisation is an owner or admin (a one-admin provider could
 *   otherwise never approve anything);
 * - a team lead (approve:invoices on a team) reads and approves the invoices of that team's
 *   participants up to the tenant's teamLeadApprovalLimitCents, and nothing while it is unset.
 * A caller with no invoice reach at all is 403 on every invoice route; one with some reach gets 404
 * for an invoice outside it, as for a missing one.
 */
export interface InvoiceReach {
  actorId: string;
  readsAll: boolean;
  manages: boolean;
  approvesAll: boolean;
  /** Teams whose participants' invoices the caller reads and approves (within the limit). */
  leadTeamIds: string[];
  /**
   * The limit of the caller's own team-lead reach: null when they have none, or need none (a
   * tenant-wide approver). Who else may approve an invoice is invoiceApprovers' question.
   */
  teamLeadLimitCents: number | null;
}

export const invoiceNotFoundMessage = 'Invoice not found';

export async function invoiceReach(
  ctx: TenantContext,
  memberships?: TeamMembership[],
): Promise<InvoiceReach> {
  const approvesAll = can(ctx.tenantRole, 'approve:invoices');
  // A tenant-wide approver reads and approves every invoice: their teams add nothing, so the list,
  // the board and each read skip both queries below.
  const teamLeadLimitCents = approvesAll ? null : await teamLeadApprovalLimit(ctx);
  const leadTeamIds: string[] = [];
  if (teamLeadLimitCents !== null) {
    const mine = memberships ?? (await myTeamMemberships(ctx));
    for (const member of mine) {
      const role = effectiveTeamRole(ctx.access, {
        teamRole: member.role as TeamRole,
        isSharedWithGuest: ctx.sharedTeamIds.includes(member.teamId),
      });
      if (can(role, 'approve:invoices')) leadTeamIds.push(member.teamId);
    }
  }
  return {
    actorId: ctx.actor.id,
    readsAll: can(ctx.tenantRole, 'read:invoices'),
    manages: can(ctx.tenantRole, 'manage:invoices'),
    approvesAll,
    leadTeamIds,
    teamLeadLimitCents,
  };
}

/** The tenant's team-lead approval limit (tax-invoice settings); null: team leads approve nothing. */
export async function teamLeadApprovalLimit(
  ctx: Pick<TenantContext, 'tx' | 'tenantId'>,
): Promise<number | null> {
  const [tenant] = await ctx.tx
    .select({ taxInvoice: tenants.taxInvoice })
    .from(tenants)
    .where(eq(tenants.id, ctx.tenantId));
  return tenant?.taxInvoice?.teamLeadApprovalLimitCents ?? null;
}

/** Reads some invoices, or 403. */
export function requireInvoiceReader(reach: InvoiceReach): void {
  if (!reach.readsAll && reach.leadTeamIds.length === 0) throw forbidden();
}

/** Builds and changes invoices, or 403. */
export function requireInvoiceManager(reach: InvoiceReach): void {
  if (!reach.manages) throw forbidden();
}

export function readsInvoice(reach: InvoiceReach, invoice: { teamId: string | null }): boolean {
  return reach.readsAll || (invoice.teamId !== null && reach.leadTeamIds.includes(invoice.teamId));
}

interface ApprovalTarget {
  teamId: string | null;
  totalCents: number;
  submittedBy: string | null;
}

/**
 * Whether the caller approves their own submissions because they are the organisation's only
 * owner or admin. Asked only when an approver meets their own invoice.
 */
export async function isSoleApprover(ctx: TenantContext, reach: InvoiceReach): Promise<boolean> {
  if (!reach.approvesAll) return false;
  const others = await ctx.tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.tenantId, ctx.tenantId),
        inArray(memberships.role, ['owner', 'admin']),
        ne(memberships.userId, ctx.actor.id),
      ),
    )
    .limit(1);
  return others.length === 0;
}

/** isSoleApprover as a condition of a statement, so a count asks it without a round trip of its own. */
export function soleApproverCondition(ctx: TenantContext, reach: InvoiceReach): SQL {
  if (!reach.approvesAll) return sql`false`;
  return sql`not exists (select 1 from ${memberships} where ${memberships.tenantId} = ${ctx.tenantId}
    and ${memberships.role} in ('owner', 'admin') and ${memberships.userId} <> ${ctx.actor.id})`;
}

/**
 * Approves or rejects this invoice: never one the caller submitted (unless they are the sole
 * approver); team leads within the limit.
 */
export function approvesInvoice(reach: InvoiceReach, invoice: ApprovalTarget, soleApprover = false): boolean {
  if (invoice.submittedBy === reach.actorId && !soleApprover) return false;
  if (reach.approvesAll) return true;
  return (
    reach.teamLeadLimitCents !== null &&
    invoice.teamId !== null &&
    reach.leadTeamIds.includes(invoice.teamId) &&
    invoice.totalCents <= reach.teamLeadLimitCents
  );
}

/** Refuses, with the reason, unless the caller decides on this invoice (403). */
export function requireInvoiceApprover(
  reach: InvoiceReach,
  invoice: ApprovalTarget,
  soleApprover = false,
): void {
  if (approvesInvoice(reach, invoice, soleApprover)) return;
  if (invoice.submittedBy === reach.actorId) throw forbidden(invoiceMessages.ownApproval);
  if (!reach.approvesAll && invoice.teamId !== null && reach.leadTeamIds.includes(invoice.teamId)) {
    throw forbidden(invoiceMessages.aboveLimit);
  }
  throw forbidden();
}

/** The lines a claim takes: never claimed, or rejected by the NDIA and claimed again. */
export const claimableLineStatuses = ['unclaimed', 'rejected'] as const satisfies readonly ClaimStatus[];

/** The steps that only need manage:invoices and a status that allows them. */
const managerActions = ['edit', 'submit', 'send', 'claim', 'pay', 'void'] as const;

/**
 * What the caller may do with this invoice now: the one answer the server enforces and the web
 * offers (the `allowedActions` of an invoice read).
 */
export async function allowedInvoiceActions(
  ctx: TenantContext,
  reach: InvoiceReach,
  invoice: ApprovalTarget & {
    status: InvoiceStatus;
    paidCents: number;
    payerKind: PayerKind;
    /** Whether any line is unclaimed or rejected: a claim of none is refused. */
    hasClaimableLines: boolean;
  },
): Promise<InvoiceAction[]> {
  const actions: InvoiceAction[] = [];
  if (reach.manages) {
    for (const action of managerActions) {
      if (action === 'claim' && (invoice.payerKind !== 'ndia' || !invoice.hasClaimableLines)) continue;
      if (invoiceAllows(invoice.status, action, invoice.paidCents)) actions.push(action);
    }
  }
  if (invoiceAllows(invoice.status, 'approve')) {
    const sole = invoice.submittedBy === reach.actorId && (await isSoleApprover(ctx, reach));
    if (approvesInvoice(reach, invoice, sole)) actions.push('approve', 'reject');
  }
  return actions;
}

export function invoiceNotFound(): AppError {
  return new AppError('NOT_FOUND', invoiceNotFoundMessage);
}
