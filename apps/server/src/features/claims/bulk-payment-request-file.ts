import { toBulkPaymentCsv } from '@wattle/domain/invoices/bulk-payment-request';
import { formatClaimBatchNumber } from '@wattle/domain/invoices/workflow';
import { and, asc, eq } from 'drizzle-orm';
import { claimLines, invoiceLines, invoices } from '../../db/schema/invoices';
import { requireTenantPermission, type TenantContext } from '../../http/tenant-scope';
import { loadClaimBatch } from './claim-records';

/**
 * `GET /api/claims/{id}/bulk-payment-request.csv`: the batch's file, rebuilt from the rows kept when it
 * was made (in the order they were exported), so the same batch always downloads the same bytes, even
 * after a rejected line has been corrected for a later claim.
 */
export async function bulkPaymentRequestFile(
  ctx: TenantContext,
  batchId: string,
): Promise<{ fileName: string; csv: string }> {
  requireTenantPermission(ctx, 'read:invoices');
  const batch = await loadClaimBatch(ctx, batchId);
  const rows = await ctx.tx
    .select({ row: claimLines.row })
    .from(claimLines)
    .innerJoin(
      invoiceLines,
      and(eq(invoiceLines.tenantId, claimLines.tenantId), eq(invoiceLines.id, claimLines.invoiceLineId)),
    )
    .innerJoin(
      invoices,
      and(eq(invoices.tenantId, claimLines.tenantId), eq(invoices.id, claimLines.invoiceId)),
    )
    .where(and(eq(claimLines.tenantId, ctx.tenantId), eq(claimLines.batchId, batch.id)))
    // The order it was made in: by invoice number, then line number (neither ever changes).
    .orderBy(asc(invoices.number), asc(invoiceLines.lineNumber));
  return {
    fileName: `bulk-payment-request-${formatClaimBatchNumber(batch.number)}.csv`,
    csv: toBulkPaymentCsv(rows.map((r) => r.row)),
  };
}
