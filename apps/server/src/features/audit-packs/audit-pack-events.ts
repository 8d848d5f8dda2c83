import type { ChangeEventType } from '@wattle/domain/events/rules';
import type { Queryable } from '../../db/client';
import { publishChange } from '../events/change-feed';

/**
 * Tells the tenant's open Audit Packs pages that a pack changed (asked for, progressed, finished);
 * they fetch the list again with their own permissions. The event carries the id, never the pack.
 */
export function publishAuditPackChange(
  tx: Queryable,
  tenantId: string,
  type: ChangeEventType,
  id: string,
): Promise<void> {
  return publishChange(tx, {
    tenantId,
    userId: null,
    event: { type, entity: 'audit-pack', id, version: null },
  });
}
