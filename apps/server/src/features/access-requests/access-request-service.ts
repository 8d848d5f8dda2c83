import type {
  CreateAccessRequestSchema,
  DecideAccessRequestSchema,
  TenantAccessRequest,
} from '@wattle/domain/access-requests/schemas';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/client';
import { tenantAccessRequests, tenants } from '../../db/schema/tenants';
import { users } from '../../db/schema/users';
import { type Actor, withTenant, withUser } from '../../db/with-tenant';
import { AppError } from '../../http/app-error';
import { requireTenantPermission, type TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { notifyAccessDecided, notifyAccessRequested } from '../notifications/notify-access-requests';

function selectRequests(tx: Queryable) {
  return tx
    .select({
      request: tenantAccessRequests,
      tenantName: tenants.name,
      requesterName: users.name,
      requesterEmail: users.email,
    })
    .from(tenantAccessRequests)
    .innerJoin(tenants, eq(tenants.id, tenantAccessRequests.tenantId))
    .innerJoin(users, eq(users.id, tenantAccessRequests.requestedBy))
    .$dynamic();
}

type RequestRow = Awaited<ReturnType<ReturnType<typeof selectRequests>['execute']>>[number];

function toAccessRequest(row: RequestRow): TenantAccessRequest {
  const r = row.request;
  return {
    requestId: r.id,
    tenantId: r.tenantId,
    tenantName: row.tenantName,
    requestedBy: r.requestedBy,
    requestedByName: row.requesterName,
    requestedByEmail: row.requesterEmail,
    reason: r.reason,
    durationHours: r.durationHours,
    // An approval past its end reads as it is: no longer granting access.
    status: r.status === 'approved' && r.expiresAt && r.expiresAt <= new Date() ? 'revoked' : r.status,
    decidedBy: r.decidedBy,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    version: r.version,
  };
}

/**
 * A system admin asks to enter a tenant, giving a reason. The request lives in that tenant (its
 * owners and admins decide it) and is audited there.
 */
export async function requestTenantAccess(
  db: Database,
  actor: Actor,
  input: z.output<typeof CreateAccessRequestSchema>,
): Promise<TenantAccessRequest> {
  if (actor.platformRole !== 'system-admin') {
    throw new AppError('FORBIDDEN', 'Only system admins request access to a tenant');
  }
  return withTenant(db, input.tenantId, actor, async (tx) => {
    const [tenant] = await tx
      .select({ id: tenants.id, name: tenants.name })
      .from(tenants)
      .where(eq(tenants.id, input.tenantId));
    if (!tenant) throw new AppError('NOT_FOUND', 'Organisation not found');
    const [pending] = await tx
      .select({ id: tenantAccessRequests.id })
      .from(tenantAccessRequests)
      .where(
        and(
          eq(tenantAccessRequests.tenantId, input.tenantId),
          eq(tenantAccessRequests.requestedBy, actor.id),
          eq(tenantAccessRequests.status, 'pending'),
        ),
      );
    if (pending) throw new AppError('CONFLICT', 'You already have a pending request for this organisation');
    const [created] = await tx
      .insert(tenantAccessRequests)
      .values({
        tenantId: input.tenantId,
        requestedBy: actor.id,
        reason: input.reason,
        durationHours: input.durationHours,
      })
      .returning();
    await writeAudit(tx, {
      tenantId: input.tenantId,
      actor,
      entity: 'tenant-access-request',
      entityId: created!.id,
      action: 'requested',
      changes: [
        { field: 'reason', oldValue: null, newValue: input.reason },
        { field: 'durationHours', oldValue: null, newValue: input.durationHours },
      ],
    });
    await notifyAccessRequested(tx, {
      tenantId: input.tenantId,
      tenantName: tenant.name,
      requestId: created!.id,
      requester: actor,
      reason: input.reason,
    });
    const [row] = await selectRequests(tx).where(eq(tenantAccessRequests.id, created!.id));
    return toAccessRequest(row!);
  });
}

/** The requests made to this tenant, newest first, for its owners and admins. */
export async function listTenantAccessRequests(ctx: TenantContext): Promise<TenantAccessRequest[]> {
  requireTenantPermission(ctx, 'decide:tenant-access');
  const rows = await selectRequests(ctx.tx)
    .where(eq(tenantAccessRequests.tenantId, ctx.tenantId))
    .orderBy(desc(tenantAccessRequests.createdAt));
  return rows.map(toAccessRequest);
}

/** The caller's own requests, whatever the tenant. */
export async function listMyAccessRequests(db: Database, actor: Actor): Promise<TenantAccessRequest[]> {
  return withUser(db, actor, async (tx) => {
    const rows = await selectRequests(tx)
      .where(eq(tenantAccessRequests.requestedBy, actor.id))
      .orderBy(desc(tenantAccessRequests.createdAt));
    return rows.map(toAccessRequest);
  });
}

/**
 * Owners and admins approve (access for the requested hours from now), reject, or later revoke.
 * A stale version answers 409 with the current request.
 */
export async function decideAccessRequest(
  ctx: TenantContext,
  requestId: string,
  input: z.output<typeof DecideAccessRequestSchema> | { decision: 'revoked'; version: number },
): Promise<TenantAccessRequest> {
  requireTenantPermission(ctx, 'decide:tenant-access');
  if (ctx.membershipRole !== 'owner' && ctx.membershipRole !== 'admin') {
    throw new AppError('FORBIDDEN', "Only the tenant's owners and admins decide access requests");
  }
  const [current] = await ctx.tx
    .select()
    .from(tenantAccessRequests)
    .where(and(eq(tenantAccessRequests.tenantId, ctx.tenantId), eq(tenantAccessRequests.id, requestId)))
    .for('update');
  if (!current) throw new AppError('NOT_FOUND', 'Access request not found');
  const currentView = async () => {
    const [row] = await selectRequests(ctx.tx).where(eq(tenantAccessRequests.id, requestId));
    return toAccessRequest(row!);
  };
  if (current.version !== input.version) {
    throw new AppError('CONFLICT', 'This request was changed by someone else', await currentView());
  }
  const allowedFrom = input.decision === 'revoked' ? 'approved' : 'pending';
  if (current.status !== allowedFrom) {
    throw new AppError('CONFLICT', `This request is already ${current.status}`, await currentView());
  }
  const now = new Date();
  const expiresAt =
    input.decision === 'approved'
      ? new Date(now.getTime() + current.durationHours * 3_600_000)
      : input.decision === 'revoked'
        ? now
        : null;
  await ctx.tx
    .update(tenantAccessRequests)
    .set({
      status: input.decision,
      decidedBy: ctx.actor.id,
      decidedAt: now,
      expiresAt,
      version: current.version + 1,
      updatedAt: now,
    })
    .where(and(eq(tenantAccessRequests.tenantId, ctx.tenantId), eq(tenantAccessRequests.id, requestId)));
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'tenant-access-request',
    entityId: requestId,
    action: input.decision,
    changes: [
      { field: 'status', oldValue: current.status, newValue: input.decision },
      {
        field: 'expiresAt',
        oldValue: current.expiresAt?.toISOString() ?? null,
        newValue: expiresAt?.toISOString() ?? null,
      },
    ],
  });
  await notifyAccessDecided(ctx.tx, {
    tenantId: ctx.tenantId,
    requestId,
    decision: input.decision,
    decider: ctx.actor,
  });
  return currentView();
}
