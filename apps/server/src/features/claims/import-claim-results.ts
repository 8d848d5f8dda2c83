import {
  type ClaimResultRow,
  checkPaidWithinClaimed,
  MalformedResultsError,
  matchClaimResults,
  readClaimResults,
} from '@wattle/domain/invoices/claim-results';
import { formatClaimBatchNumber } from '@wattle/domain/invoices/workflow';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { claimBatches, claimLines, invoiceLines, invoicePayments, invoices } from '../../db/schema/invoices';
import { participants } from '../../db/schema/participants';
import { AppError } from '../../http/app-error';
import { requireTenantPermission, type TenantContext } from '../../http/tenant-scope';
import { writeAudit, writeAuditEntries } from '../audit/write-audit';
import { tenantToday } from '../cards/card-values';
import { publishInvoiceChanges } from '../invoices/invoice-events';
import { settleInvoice } from '../invoices/settle-invoice';
import { createNotifications } from '../notifications/create-notifications';
import { publishClaimChange } from './claim-events';
import { loadClaimBatch, toClaimBatches } from './claim-records';
import type { ClaimResultsImport } from './claim-schemas';
import { parseResultsCsv } from './read-results-upload';

type ClaimLineRow = typeof claimLines.$inferSelect;

/** Whether the result is already what the claim line says (importing the same file twice changes nothing). */
function alreadyApplied(line: ClaimLineRow, result: ClaimResultRow): boolean {
  if (result.outcome === 'paid') return line.status === 'paid' && line.paidCents === result.paidCents;
  if (result.outcome === 'rejected') return line.status === 'rejected' && line.error === result.error;
  return line.status === 'claimed';
}

/** Runs `read`; a file it finds malformed is refused (400) naming the row and column. */
function refusingMalformed<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof MalformedResultsError) {
      throw new AppError('BAD_REQUEST', error.message, { row: error.row, column: error.column });
    }
    throw error;
  }
}

/**
 * `POST /api/claims/{id}/results`: applies the portal's results file to the batch. A malformed file
 * or one paying a line more than was claimed (400, naming the row and column) or one naming
 * references that are not the batch's (422, listing them) changes nothing. Otherwise each row is
 * matched by its claim reference: a paid line records what the NDIA paid, each invoice gets one
 * payment (source 'ndia') for its lines paid by this import and its status is settled; a rejected
 * line carries the portal's text and the invoice's creator is notified. A line later claimed again
 * under a new reference is left to that claim. Results already applied are left as they are, so
 * importing the same file twice changes nothing the second time.
 */
export async function importClaimResults(
  ctx: TenantContext,
  batchId: string,
  text: string,
): Promise<ClaimResultsImport> {
  requireTenantPermission(ctx, 'manage:invoices');
  const batch = await loadClaimBatch(ctx, batchId, true);
  const results = refusingMalformed(() => readClaimResults(parseResultsCsv(text)));

  const lines = await ctx.tx
    .select()
    .from(claimLines)
    .where(and(eq(claimLines.tenantId, ctx.tenantId), eq(claimLines.batchId, batch.id)))
    .orderBy(asc(claimLines.claimReference))
    .for('update');
  const { matched, unknownReferences } = matchClaimResults(
    results,
    new Map(lines.map((line) => [line.claimReference, line])),
  );
  const batchNumber = formatClaimBatchNumber(batch.number);
  if (unknownReferences.length > 0) {
    throw new AppError(
      'WORKFLOW_REFUSED',
      `The results name claim references that are not in ${batchNumber}: ${unknownReferences.slice(0, 10).join(', ')}${unknownReferences.length > 10 ? '…' : ''}. Is this the results file of another batch?`,
      { unknownReferences },
    );
  }

  refusingMalformed(() => checkPaidWithinClaimed(matched));

  const counts = { paid: 0, rejected: 0, pending: 0, unchanged: 0 };
  const toApply = matched.filter(({ result, claim }) => {
    if (result.outcome === 'pending') counts.pending += 1;
    if (alreadyApplied(claim, result)) {
      if (result.outcome !== 'pending') counts.unchanged += 1;
      return false;
    }
    return result.outcome !== 'pending';
  });

  const now = new Date();
  const paidByInvoice = new Map<string, number>();
  const rejectedByInvoice = new Map<string, { lineId: string; error: string }[]>();
  for (const { result, claim } of toApply) {
    counts[result.outcome === 'paid' ? 'paid' : 'rejected'] += 1;
    const status = result.outcome === 'paid' ? 'paid' : 'rejected';
    await ctx.tx
      .update(claimLines)
      .set({ status, paidCents: result.paidCents, error: result.error, updatedAt: now })
      .where(and(eq(claimLines.tenantId, ctx.tenantId), eq(claimLines.id, claim.id)));
    // The invoice line follows only its latest claim: one claimed again since keeps its new state.
    const [line] = await ctx.tx
      .update(invoiceLines)
      .set({ claimStatus: status, claimError: result.error, paidCents: result.paidCents })
      .where(
        and(
          eq(invoiceLines.tenantId, ctx.tenantId),
          eq(invoiceLines.id, claim.invoiceLineId),
          eq(invoiceLines.claimReference, claim.claimReference),
        ),
      )
      .returning({ id: invoiceLines.id });
    if (!line) continue;
    if (result.outcome === 'paid') {
      const paidBefore = claim.status === 'paid' ? claim.paidCents : 0;
      paidByInvoice.set(
        claim.invoiceId,
        (paidByInvoice.get(claim.invoiceId) ?? 0) + result.paidCents - paidBefore,
      );
    } else {
      rejectedByInvoice.set(claim.invoiceId, [
        ...(rejectedByInvoice.get(claim.invoiceId) ?? []),
        { lineId: claim.invoiceLineId, error: result.error ?? '' },
      ]);
    }
  }

  const touched = [...new Set([...paidByInvoice.keys(), ...rejectedByInvoice.keys()])];
  const invoiceRows =
    touched.length === 0
      ? []
      : await ctx.tx
          .select({
            id: invoices.id,
            invoiceNumber: invoices.invoiceNumber,
            createdBy: invoices.createdBy,
            version: invoices.version,
            participantId: invoices.participantId,
            participantName: participants.name,
          })
          .from(invoices)
          .innerJoin(
            participants,
            and(eq(participants.tenantId, invoices.tenantId), eq(participants.id, invoices.participantId)),
          )
          .where(and(eq(invoices.tenantId, ctx.tenantId), inArray(invoices.id, touched)))
          .for('update', { of: invoices });
  const today = await tenantToday(ctx);
  const lineNumbers = new Map(
    (rejectedByInvoice.size === 0
      ? []
      : await ctx.tx
          .select({ id: invoiceLines.id, lineNumber: invoiceLines.lineNumber })
          .from(invoiceLines)
          .where(
            and(
              eq(invoiceLines.tenantId, ctx.tenantId),
              inArray(
                invoiceLines.id,
                [...rejectedByInvoice.values()].flat().map((r) => r.lineId),
              ),
            ),
          )
    ).map((r) => [r.id, r.lineNumber]),
  );

  const audits = [];
  const announced: { id: string; version: number }[] = [];
  const notices = [];
  for (const invoice of invoiceRows) {
    const paid = paidByInvoice.get(invoice.id) ?? 0;
    const rejected = rejectedByInvoice.get(invoice.id) ?? [];
    // The lines changed: the invoice's version moves so an open copy of it is seen to be stale.
    const version = invoice.version + 1;
    await ctx.tx
      .update(invoices)
      .set({ version, updatedAt: now })
      .where(and(eq(invoices.tenantId, ctx.tenantId), eq(invoices.id, invoice.id)));
    announced.push({ id: invoice.id, version });
    audits.push({
      tenantId: ctx.tenantId,
      actor: ctx.actor,
      entity: 'invoice',
      entityId: invoice.id,
      action: 'claim-results',
      metadata: {
        version,
        claimBatchId: batch.id,
        batchNumber,
        paidCents: paid,
        rejected: rejected.map((r) => ({ lineNumber: lineNumbers.get(r.lineId), error: r.error })),
      },
    });
    if (paid > 0) {
      await ctx.tx.insert(invoicePayments).values({
        tenantId: ctx.tenantId,
        invoiceId: invoice.id,
        date: today,
        amountCents: paid,
        reference: batchNumber,
        source: 'ndia',
        claimBatchId: batch.id,
        recordedBy: ctx.actor.id,
      });
    }
    if (rejected.length > 0 && invoice.createdBy) {
      const which = rejected.map((r) => `line ${lineNumbers.get(r.lineId)}: ${r.error}`).join('; ');
      notices.push({
        tenantId: ctx.tenantId,
        userId: invoice.createdBy,
        type: 'rejected' as const,
        priority: 'high' as const,
        message:
          `The NDIA rejected ${rejected.length === 1 ? 'a line' : `${rejected.length} lines`} of ${invoice.invoiceNumber} (${invoice.participantName}) in ${batchNumber}: ${which}. Correct ${rejected.length === 1 ? 'it' : 'them'} and claim again.`.slice(
            0,
            2000,
          ),
        invoiceId: invoice.id,
        participantName: invoice.participantName,
        participantId: invoice.participantId,
      });
    }
  }
  await writeAuditEntries(ctx.tx, audits);
  await publishInvoiceChanges(ctx, 'updated', announced);
  await createNotifications(ctx.tx, notices);
  for (const invoiceId of paidByInvoice.keys()) await settleInvoice(ctx, invoiceId);

  if (toApply.length > 0 || batch.status !== 'results-imported') {
    const [tally] = await ctx.tx
      .select({
        paid: sql<number>`count(*) filter (where ${claimLines.status} = 'paid')::int`,
        rejected: sql<number>`count(*) filter (where ${claimLines.status} = 'rejected')::int`,
      })
      .from(claimLines)
      .where(and(eq(claimLines.tenantId, ctx.tenantId), eq(claimLines.batchId, batch.id)));
    await ctx.tx
      .update(claimBatches)
      .set({
        status: 'results-imported',
        resultsImportedAt: now,
        paidLineCount: Number(tally?.paid ?? 0),
        rejectedLineCount: Number(tally?.rejected ?? 0),
      })
      .where(and(eq(claimBatches.tenantId, ctx.tenantId), eq(claimBatches.id, batch.id)));
    await writeAudit(ctx.tx, {
      tenantId: ctx.tenantId,
      actor: ctx.actor,
      entity: 'claim',
      entityId: batch.id,
      action: 'results-imported',
      metadata: { batchNumber, ...counts },
    });
    await publishClaimChange(ctx, 'updated', batch.id);
  }
  const [fresh] = await toClaimBatches(ctx.tx, ctx.tenantId, [await loadClaimBatch(ctx, batch.id)]);
  return { batch: fresh!, ...counts };
}
