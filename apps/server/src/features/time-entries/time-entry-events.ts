import type { ChangeEventType } from '@wattle/domain/events/rules';
import type { TenantContext } from '../../http/tenant-scope';
import { type ChangeMessage, publishChanges } from '../events/change-feed';

/**
 * Tells the tenant's open pages which time entries changed (their timesheets and approval lists fetch
 * again, each with its own permissions: the event carries ids, never the entry). Many at once (a
 * week submitted, a batch approved) go as one message with id '*'.
 */
export async function publishTimeEntryChanges(
  ctx: Pick<TenantContext, 'tx' | 'tenantId'>,
  type: ChangeEventType,
  changed: readonly { id: string; version: number | null }[],
): Promise<void> {
  if (changed.length === 0) return;
  const events =
    changed.length > 20
      ? [{ id: '*', version: null }]
      : changed.map((c) => ({ id: c.id, version: c.version }));
  await publishChanges(
    ctx.tx,
    events.map(
      (event): ChangeMessage => ({
        tenantId: ctx.tenantId,
        userId: null,
        event: { type, entity: 'time-entry', id: event.id, version: event.version },
      }),
    ),
  );
}
