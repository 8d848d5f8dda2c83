import { and, eq } from 'drizzle-orm';
import { timeEntries } from '../../db/schema/time-entries';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { entryChanges } from './entry-audit';
import { publishTimeEntryChanges } from './time-entry-events';
import { loadVisibleEntry, refuseLockedEntry, timeEntryConflict } from './update-time-entry';

export const onlyDraftsDeletedMessage =
  'Only draft or rejected entries can be deleted; a submitted one must be rejected first.';

/**
 * `DELETE /api/time-entries/{id}?version=`: a draft or rejected entry, by its worker (or a tenant
 * admin). The row goes; its audit trail keeps every field it had. A stale version is 409.
 */
export async function deleteTimeEntry(ctx: TenantContext, id: string, version: number): Promise<void> {
  const { row, reach } = await loadVisibleEntry(ctx, id);
  if (version !== row.version) throw await timeEntryConflict(ctx, id);
  refuseLockedEntry(reach, row);
  if (row.status !== 'draft' && row.status !== 'rejected') {
    throw new AppError('WORKFLOW_REFUSED', onlyDraftsDeletedMessage);
  }
  await ctx.tx.delete(timeEntries).where(and(eq(timeEntries.tenantId, ctx.tenantId), eq(timeEntries.id, id)));
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'time-entry',
    entityId: id,
    action: 'deleted',
    changes: entryChanges(row, Object.fromEntries(Object.keys(row).map((key) => [key, null]))),
    metadata: { version: row.version, userId: row.userId },
  });
  await publishTimeEntryChanges(ctx, 'deleted', [{ id, version: row.version + 1 }]);
}
