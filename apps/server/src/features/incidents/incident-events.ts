import type { ChangeEventType } from '@wattle/domain/events/rules';
import type { TenantContext } from '../../http/tenant-scope';
import { publishChange } from '../events/change-feed';

/**
 * Tells the tenant's open pages an incident changed (the register and its detail fetch again with
 * their own permissions: the event carries the id, never the incident).
 */
export function publishIncidentChange(
  ctx: Pick<TenantContext, 'tx' | 'tenantId'>,
  type: ChangeEventType,
  incident: { id: string; version: number | null },
): Promise<void> {
  return publishChange(ctx.tx, {
    tenantId: ctx.tenantId,
    userId: null,
    event: { type, entity: 'incident', id: incident.id, version: incident.version },
  });
}
