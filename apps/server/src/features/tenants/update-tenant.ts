import { diffFields } from '@wattle/domain/audit/schemas';
import type { UpdateTenant } from '@wattle/domain/tenants/schemas';
import { isKnownTimeZone } from '@wattle/domain/users/schemas';
import { eq } from 'drizzle-orm';
import { sha256 } from '../../auth/secrets';
import { isUniqueViolation } from '../../db/errors';
import { tenants } from '../../db/schema/tenants';
import { AppError } from '../../http/app-error';
import { requireTenantPermission, type TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { rebuildSearchTextForTimeZone } from '../cards/rebuild-search-text';
import { toTenant } from './tenant-records';

/** Tenant admins change name and settings; a stale version answers 409 with the current tenant. */
export async function updateTenant(ctx: TenantContext, input: UpdateTenant) {
  requireTenantPermission(ctx, 'manage:tenant');
  const [current] = await ctx.tx.select().from(tenants).where(eq(tenants.id, ctx.tenantId)).for('update');
  if (!current) throw new AppError('NOT_FOUND', 'Organisation not found');
  if (current.version !== input.version) {
    throw new AppError('CONFLICT', 'Someone else changed these settings first', toTenant(current));
  }
  const next = {
    name: input.name ?? current.name,
    logoUrl: input.logo === undefined ? current.logoUrl : input.logo,
    timeZone: input.timeZone ?? current.timeZone,
    settings: {
      ...current.settings,
      ...input.settings,
      // Domains are case-blind; stored lower-cased, the unique index and the switcher agree.
      customDomain:
        input.settings?.customDomain === undefined
          ? current.settings.customDomain
          : (input.settings.customDomain?.toLowerCase() ?? null),
    },
    profile: input.profile ?? current.profile,
    billingConfig: { ...current.billingConfig, ...input.billingConfig },
    auditConfig: { ...current.auditConfig, ...input.auditConfig },
    sessionIdleMinutes:
      input.security?.sessionIdleMinutes === undefined
        ? current.sessionIdleMinutes
        : input.security.sessionIdleMinutes,
    allowedEmailDomains: input.security?.allowedEmailDomains ?? current.allowedEmailDomains,
  };
  if (next.timeZone !== current.timeZone && !isKnownTimeZone(next.timeZone)) {
    throw new AppError('VALIDATION_FAILED', `Unknown time zone: ${next.timeZone}`);
  }
  // A logo is up to 256 KB: the audit names the image by its kind, size and digest instead.
  const changes = diffFields(
    { ...current, logoUrl: describeLogo(current.logoUrl) },
    {
      ...next,
      logoUrl: describeLogo(next.logoUrl),
    },
  );
  if (changes.length === 0) return toTenant(current);
  const updated = await ctx.tx
    .update(tenants)
    .set({ ...next, version: current.version + 1, updatedAt: new Date() })
    .where(eq(tenants.id, ctx.tenantId))
    .returning()
    .then((rows) => rows[0])
    .catch((error: unknown) => {
      // Other tenants are invisible here (row-level security), so the unique index is the check.
      if (isUniqueViolation(error, 'tenants_custom_domain_key')) {
        throw new AppError('CONFLICT', 'That custom domain is already used by another organisation');
      }
      throw error;
    });
  if (next.timeZone !== current.timeZone) {
    // Search matches each card's created date in the tenant's zone: cards whose day moved get theirs.
    await rebuildSearchTextForTimeZone(ctx, current.timeZone, next.timeZone);
  }
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'tenant',
    entityId: ctx.tenantId,
    action: 'updated',
    changes,
  });
  return toTenant(updated!);
}

function describeLogo(dataUrl: string | null): string | null {
  if (!dataUrl) return null;
  const kind = dataUrl.startsWith('data:image/png') ? 'PNG' : 'JPEG';
  const bytes = Math.round((dataUrl.length - dataUrl.indexOf(',') - 1) * 0.75);
  return `${kind} image, ${bytes} bytes, sha256 ${sha256(dataUrl).slice(0, 16)}`;
}
