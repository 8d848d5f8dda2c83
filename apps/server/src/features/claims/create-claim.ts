import type { FieldChange } from '@wattle/domain/audit/schemas';
import {
  type BulkLine,
  bulkPaymentRows,
  type CancellationReason,
  claimReferenceFor,
} from '@wattle/domain/invoices/bulk-payment-request';
import type { ClaimBatch } from '@wattle/domain/invoices/schemas';
import { invoiceStatusLabels, payerKindLabels } from '@wattle/domain/invoices/schemas';
import { dueDateFor, formatClaimBatchNumber, invoiceAllows } from '@wattle/domain/invoices/workflow';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { inJsonList } from '../../db/in-json-list';
import { claimBatches, claimLines, invoiceCounters, invoiceLines, invoices } from '../../db/schema/invoices';
import { participants } from '../../db/schema/participants';
import { tenants } from '../../db/schema/tenants';
import { AppError, notFound } from '../../http/app-error';
import { requireTenantPermission, type TenantContext } from '../../http/tenant-scope';
import { writeAudit, writeAuditEntries } from '../audit/write-audit';
import { tenantToday } from '../cards/card-values';
import { claimableLineStatuses } from '../invoices/invoice-access';
import { publishInvoiceChanges } from '../invoices/invoice-events';
import { publishClaimChange } from './claim-events';
import { toClaimBatches } from './claim-records';
import type { ClaimProblem, CreateClaimBody } from './claim-schemas';

/** Lines the NDIA has not paid and that are not waiting on a claim already sent. */

function refuse(problems: ClaimProblem[]): never {
  const first = problems[0]!;
  const where = [first.invoiceNumber, first.lineNumber === null ? null : `line ${first.lineNumber}`]
    .filter(Boolean)
    .join(' ');
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  throw new AppError('WORKFLOW_REFUSED', `The claim was not made: ${where}: ${first.message}${more}`, {
    problems,
  });
}

/** The next claim batch number of the tenant, taken in this transaction (no gaps, no repeats). */
async function takeBatchNumber(ctx: TenantContext): Promise<number> {
  const [counter] = await ctx.tx
    .insert(invoiceCounters)
    .values({ tenantId: ctx.tenantId, lastClaimBatchNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.tenantId,
      set: { lastClaimBatchNumber: sql`${invoiceCounters.lastClaimBatchNumber} + 1` },
    })
    .returning({ n: invoiceCounters.lastClaimBatchNumber });
  return counter!.n;
}

/**
 * `POST /api/claims`: a bulk payment request of the agency-managed invoices named. Every row is
 * checked first and any problem refuses the whole batch (422, each problem named by invoice and
 * line), with nothing written: the portal would refuse the whole file for one bad row. Otherwise the
 * batch takes the next number, each line a claim reference of its own, its row is kept as exported,
 * the lines become claimed, and an approved invoice is issued (sent, dated today, due by its terms).
 */
export async function createClaim(ctx: TenantContext, body: CreateClaimBody): Promise<ClaimBatch> {
  requireTenantPermission(ctx, 'manage:invoices');
  const invoiceIds = [...new Set(body.invoiceIds)];
  const found = await ctx.tx
    .select({ invoice: invoices, ndisNumber: participants.ndisNumber })
    .from(invoices)
    .innerJoin(
      participants,
      and(eq(participants.tenantId, invoices.tenantId), eq(participants.id, invoices.participantId)),
    )
    .where(and(eq(invoices.tenantId, ctx.tenantId), inArray(invoices.id, invoiceIds)))
    .orderBy(asc(invoices.number))
    .for('update', { of: invoices });
  if (found.length !== invoiceIds.length) throw notFound('Invoice');

  const problems: ClaimProblem[] = [];
  for (const { invoice } of found) {
    const base = { invoiceNumber: invoice.invoiceNumber, lineNumber: null, column: null };
    if (invoice.payer.kind !== 'ndia') {
      problems.push({
        ...base,
        message: `Only agency-managed invoices are claimed from the NDIA; this one is paid by the ${payerKindLabels[invoice.payer.kind].toLowerCase()}`,
      });
    } else if (!invoiceAllows(invoice.status, 'claim')) {
      problems.push({
        ...base,
        message: `A ${invoiceStatusLabels[invoice.status].toLowerCase()} invoice cannot be claimed${
          invoice.status === 'draft' || invoice.status === 'pending-approval' ? '; approve it first' : ''
        }`,
      });
    }
  }
  if (problems.length > 0) refuse(problems);

  const byId = new Map(found.map((f) => [f.invoice.id, f]));
  const lines = await ctx.tx
    .select()
    .from(invoiceLines)
    .where(
      and(
        eq(invoiceLines.tenantId, ctx.tenantId),
        inArray(invoiceLines.invoiceId, invoiceIds),
        inArray(invoiceLines.claimStatus, [...claimableLineStatuses]),
      ),
    )
    .for('update');
  lines.sort((a, b) => {
    const an = byId.get(a.invoiceId)!.invoice.number;
    const bn = byId.get(b.invoiceId)!.invoice.number;
    return an - bn || a.lineNumber - b.lineNumber;
  });
  if (lines.length === 0) {
    refuse([
      {
        invoiceNumber: found.map((f) => f.invoice.invoiceNumber).join(', '),
        lineNumber: null,
        column: null,
        message: 'There are no unclaimed or rejected lines to claim on these invoices',
      },
    ]);
  }

  // A line claimed before (and rejected) gets the next reference: -R2, -R3…
  const earlier = await ctx.tx
    .select({ lineId: claimLines.invoiceLineId, n: sql<number>`count(*)::int` })
    .from(claimLines)
    .where(
      and(
        eq(claimLines.tenantId, ctx.tenantId),
        inJsonList(
          claimLines.invoiceLineId,
          lines.map((l) => l.id),
          'uuid',
        ),
      ),
    )
    .groupBy(claimLines.invoiceLineId);
  const attempts = new Map(earlier.map((e) => [e.lineId, Number(e.n)]));
  const reasons = body.cancellationReasons ?? {};
  const bulkLines: BulkLine[] = lines.map((line) => {
    const { invoice, ndisNumber } = byId.get(line.invoiceId)!;
    return {
      invoiceNumber: invoice.invoiceNumber,
      lineNumber: line.lineNumber,
      ndisNumber,
      serviceDateFrom: line.serviceDateFrom,
      serviceDateTo: line.serviceDateTo,
      supportItemNumber: line.supportItemNumber,
      claimReference: claimReferenceFor(
        invoice.invoiceNumber,
        line.lineNumber,
        (attempts.get(line.id) ?? 0) + 1,
      ),
      quantity: Number(line.quantity),
      unit: line.unit,
      minutes: line.minutes,
      unitPriceCents: line.unitPriceCents,
      gstCode: line.gstCode,
      claimType: line.claimType as BulkLine['claimType'],
      cancellationReason: (reasons[line.id] ?? null) as CancellationReason | null,
    };
  });
  const taken = await ctx.tx
    .select({ reference: claimLines.claimReference })
    .from(claimLines)
    .where(
      and(
        eq(claimLines.tenantId, ctx.tenantId),
        inJsonList(
          claimLines.claimReference,
          bulkLines.map((l) => l.claimReference),
          'text',
        ),
      ),
    );
  const [tenant] = await ctx.tx
    .select({ taxInvoice: tenants.taxInvoice })
    .from(tenants)
    .where(eq(tenants.id, ctx.tenantId));
  const provider = {
    registrationNumber: tenant?.taxInvoice?.ndisRegistrationNumber ?? null,
    abn: tenant?.taxInvoice?.abn ?? null,
  };
  const { rows, problems: rowProblems } = bulkPaymentRows(
    bulkLines,
    provider,
    new Set(taken.map((t) => t.reference)),
  );
  if (rowProblems.length > 0) {
    refuse(
      rowProblems.map((p) => ({
        invoiceNumber: p.invoiceNumber,
        lineNumber: p.lineNumber,
        column: p.column,
        message: p.message,
      })),
    );
  }

  const number = await takeBatchNumber(ctx);
  const totalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const now = new Date();
  const [batch] = await ctx.tx
    .insert(claimBatches)
    .values({
      tenantId: ctx.tenantId,
      number,
      lineCount: lines.length,
      totalCents,
      createdBy: ctx.actor.id,
      createdAt: now,
    })
    .returning();
  // The claim lines and the invoice lines' references each in one statement from one jsonb
  // parameter: no ceiling of 65,535 parameters, and none of the per-row cost of building a
  // multi-row insert (a 10,000-line batch; docs/performance.md, Invoices).
  const claimRows = lines.map((line, i) => ({
    id: uuidv7(),
    invoice_id: line.invoiceId,
    invoice_line_id: line.id,
    claim_reference: bulkLines[i]!.claimReference,
    row: rows[i]!,
    amount_cents: line.totalCents,
  }));
  const claimJson = JSON.stringify(claimRows);
  await ctx.tx.execute(sql`
    insert into claim_lines (tenant_id, id, batch_id, invoice_id, invoice_line_id, claim_reference, "row", amount_cents, created_at, updated_at)
    select ${ctx.tenantId}::uuid, r.id, ${batch!.id}::uuid, r.invoice_id, r.invoice_line_id, r.claim_reference, r."row",
           r.amount_cents, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${claimJson}::jsonb)
        as r(id uuid, invoice_id uuid, invoice_line_id uuid, claim_reference text, "row" jsonb, amount_cents int)`);
  await ctx.tx.execute(sql`
    update invoice_lines as l
       set claim_status = 'claimed', claim_reference = v.claim_reference, claim_error = null
      from jsonb_to_recordset(${claimJson}::jsonb) as v(invoice_line_id uuid, claim_reference text)
     where l.tenant_id = ${ctx.tenantId} and l.id = v.invoice_line_id`);

  const today = await tenantToday(ctx);
  const batchNumber = formatClaimBatchNumber(number);
  const changed: { id: string; version: number }[] = [];
  const audits = [];
  for (const { invoice } of found) {
    const version = invoice.version + 1;
    const claimed = lines.filter((l) => l.invoiceId === invoice.id);
    const changes: FieldChange[] = [];
    const set: Partial<typeof invoices.$inferInsert> = { version, updatedAt: now };
    if (invoice.status === 'approved') {
      // Claiming issues the invoice: the NDIA is its payer, and the claim is how it is sent.
      const dueDate = dueDateFor(today, invoice.paymentTerms);
      Object.assign(set, { status: 'sent', issueDate: today, dueDate, sentAt: now });
      changes.push(
        { field: 'status', oldValue: invoice.status, newValue: 'sent' },
        { field: 'issueDate', oldValue: invoice.issueDate, newValue: today },
        { field: 'dueDate', oldValue: invoice.dueDate, newValue: dueDate },
      );
    }
    await ctx.tx
      .update(invoices)
      .set(set)
      .where(and(eq(invoices.tenantId, ctx.tenantId), eq(invoices.id, invoice.id)));
    changed.push({ id: invoice.id, version });
    audits.push({
      tenantId: ctx.tenantId,
      actor: ctx.actor,
      entity: 'invoice',
      entityId: invoice.id,
      action: 'claimed',
      changes,
      metadata: {
        version,
        claimBatchId: batch!.id,
        batchNumber,
        lines: claimed.map((l) => ({
          lineNumber: l.lineNumber,
          claimReference: bulkLines[lines.indexOf(l)]!.claimReference,
        })),
      },
    });
  }
  await writeAuditEntries(ctx.tx, audits);
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'claim',
    entityId: batch!.id,
    action: 'created',
    metadata: { batchNumber, lineCount: lines.length, totalCents, invoiceIds },
  });
  await publishInvoiceChanges(ctx, 'updated', changed);
  await publishClaimChange(ctx, 'created', batch!.id);
  const [created] = await toClaimBatches(ctx.tx, ctx.tenantId, [batch!]);
  return created!;
}
