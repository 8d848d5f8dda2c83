import { can } from '@wattle/domain/auth/permissions';
import { requireTenantPermission, type TenantContext } from '../../http/tenant-scope';
import { requireTimeWriter, timeReach } from '../time-entries/time-entry-access';

/**
 * Who reads time codes and the support catalogue: whoever may write time somewhere in the tenant
 * (tenant-wide, or on any of their teams: support workers, practitioners, team leads), since they
 * bill against them, and whoever manages rates. Family guardians, auditors and guests without a
 * team they work on get 403.
 */
export async function requireTimeCodeReader(ctx: TenantContext): Promise<void> {
  // Tenant-wide roles are settled without reading their teams.
  if (can(ctx.tenantRole, 'write:time') || can(ctx.tenantRole, 'manage:rates')) return;
  requireTimeWriter(await timeReach(ctx));
}

/** Time codes and the catalogue are changed by those who manage rates (owners and admins). */
export function requireRatesManager(ctx: TenantContext): void {
  requireTenantPermission(ctx, 'manage:rates');
}
