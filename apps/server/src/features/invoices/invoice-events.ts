import type { ChangeEventType } from '@wattle/domain/events/rules';
import type { TenantContext } from '../../http/tenant-scope';
import { publishChanges } from '../events/change-feed';

/**
 * Tells the tenant's open pages which invoices changed (the board, detail, approvals and My invoices
 * fetch again with their own permissions: the event carries ids, never the invoice).
 */
export async function publishInvoiceChanges(
  ctx: Pick<TenantContext, 'tx' | 'tenantId'>,
  type: ChangeEventType,
  changed: readonly { id: string; version: number | null }[],
): Promise<void> {
  if (changed.length === 0) return;
  const events = changed.length > 20 ? [{ id: '*', version: null }] : changed;
  await publishChanges(
    ctx.tx,
    events.map((event) => ({
      tenantId: ctx.tenantId,
      userId: null,
      event: { type, entity: 'invoice', id: event.id, version: event.version },
    })),
  );
}
