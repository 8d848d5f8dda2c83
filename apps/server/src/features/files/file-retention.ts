import { fileRetentionFor } from '@wattle/domain/files/file-list';
import type { RequiredDocument } from '@wattle/domain/templates/schemas';
import { and, eq, sql } from 'drizzle-orm';
import { cardFiles } from '../../db/schema/comments';
import type { TenantContext } from '../../http/tenant-scope';

/**
 * Records on a just-uploaded file how long it is kept (decision 0029), in the upload's transaction:
 * its template's required document's retention, or 2555 days with auto-delete for any other
 * attachment; delete-after counts from the upload time the row holds.
 */
export async function recordRetention(
  ctx: Pick<TenantContext, 'tx' | 'tenantId'>,
  fileId: string,
  document: Pick<RequiredDocument, 'retention'> | null,
): Promise<void> {
  const retention = fileRetentionFor(document);
  await ctx.tx
    .update(cardFiles)
    .set({
      retentionDays: retention.days,
      autoDelete: retention.autoDelete,
      deleteAfter: sql`${cardFiles.uploadedAt} + make_interval(days => ${retention.days}::int)`,
    })
    .where(and(eq(cardFiles.tenantId, ctx.tenantId), eq(cardFiles.id, fileId)));
}
