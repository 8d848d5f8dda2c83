import { type AuditPack, auditPackMessages, type CreateAuditPack } from '@wattle/domain/audit-packs/schemas';
import { eq } from 'drizzle-orm';
import { auditPacks } from '../../db/schema/audit-packs';
import { tenants } from '../../db/schema/tenants';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit, writeReadAudit } from '../audit/write-audit';
import { publishAuditPackChange } from './audit-pack-events';
import { requireAuditPackAccess, toAuditPack } from './audit-pack-records';
import { scopeTargetName } from './evidence-scope';

/**
 * Asks for a pack: checks the team or participant is the tenant's (404 otherwise, like a missing
 * one), keeps its name as it is now, and queues the pack. The build runs in the background
 * (jobs/audit-pack-builder.ts); asking is audited.
 */
export async function requestAuditPack(ctx: TenantContext, body: CreateAuditPack): Promise<AuditPack> {
  requireAuditPackAccess(ctx);
  let scopeName: string | null;
  if (body.scope === 'organisation') {
    const [tenant] = await ctx.tx
      .select({ name: tenants.name })
      .from(tenants)
      .where(eq(tenants.id, ctx.tenantId));
    scopeName = tenant?.name ?? null;
  } else {
    scopeName = await scopeTargetName(ctx.tx, ctx.tenantId, body.scope, body.scopeId!);
    if (!scopeName)
      throw new AppError(
        'NOT_FOUND',
        body.scope === 'team' ? auditPackMessages.teamNotFound : auditPackMessages.participantNotFound,
      );
  }
  const [row] = await ctx.tx
    .insert(auditPacks)
    .values({
      tenantId: ctx.tenantId,
      scope: body.scope,
      scopeId: body.scope === 'organisation' ? null : body.scopeId!,
      scopeName: scopeName ?? 'Organisation',
      periodFrom: body.periodFrom,
      periodTo: body.periodTo,
      requestedBy: ctx.actor.id,
    })
    .returning();
  const pack = row!;
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'audit-pack',
    entityId: pack.id,
    action: 'requested',
    changes: [
      { field: 'scope', oldValue: null, newValue: pack.scope },
      { field: 'scopeName', oldValue: null, newValue: pack.scopeName },
      { field: 'periodFrom', oldValue: null, newValue: pack.periodFrom },
      { field: 'periodTo', oldValue: null, newValue: pack.periodTo },
    ],
    metadata: pack.scopeId ? { scopeId: pack.scopeId } : {},
  });
  await publishAuditPackChange(ctx.tx, ctx.tenantId, 'created', pack.id);
  return toAuditPack(pack, ctx.actor.name);
}

/** The 'downloaded' entry of a pack: who took the evidence out, and when. */
export async function recordAuditPackDownload(ctx: TenantContext, pack: AuditPack): Promise<void> {
  await writeReadAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'audit-pack',
    entityId: pack.id,
    action: 'downloaded',
    metadata: { fileName: pack.fileName, bytes: pack.byteSize },
  });
}
