import { hasLineErrors } from '@wattle/domain/invoices/line-checks';
import { payerFor } from '@wattle/domain/invoices/payer';
import { type CreateInvoice, type Invoice, invoiceMessages } from '@wattle/domain/invoices/schemas';
import { lineAmountCents } from '@wattle/domain/invoices/totals';
import { formatInvoiceNumber } from '@wattle/domain/invoices/workflow';
import { planOn } from '@wattle/domain/participants/plans';
import { and, asc, between, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { inJsonList } from '../../db/in-json-list';
import { cards } from '../../db/schema/cards';
import { cardBillingRules, invoiceCounters, invoiceLines, invoices } from '../../db/schema/invoices';
import { participantPlans, participants } from '../../db/schema/participants';
import { tenants } from '../../db/schema/tenants';
import { timeEntries } from '../../db/schema/time-entries';
import { AppError, notFound } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAuditEntries } from '../audit/write-audit';
import { publishTimeEntryChanges } from '../time-entries/time-entry-events';
import { catalogueFacts, lineProblems } from './check-lines';
import { invoiceReach, requireInvoiceManager } from './invoice-access';
import { publishInvoiceChanges } from './invoice-events';
import type { DraftLine } from './invoice-lines';
import { insertLineRows, lineRows } from './invoice-lines';
import { readInvoice } from './invoice-records';

export const entriesTakenMessage =
  'Some of this time was invoiced or changed meanwhile; build the invoice again to see what is left.';

/** Billable hours of a time entry, to two decimals. */
export function billableHours(minutes: number): number {
  return Math.round((minutes * 100) / 60) / 100;
}

/** The participant's approved, uninvoiced time dated in the period, as lines (one per entry). */
async function timeLines(ctx: TenantContext, participantId: string, from: string, to: string) {
  const rows = await ctx.tx
    .select({
      id: timeEntries.id,
      version: timeEntries.version,
      date: timeEntries.date,
      supportItemNumber: timeEntries.supportItemNumber,
      supportItemName: timeEntries.supportItemName,
      description: timeEntries.description,
      billableMinutes: timeEntries.billableMinutes,
      unitPriceCents: timeEntries.unitPriceCents,
      amountCents: timeEntries.amountCents,
      isCancellation: timeEntries.isCancellation,
      isTravel: timeEntries.isTravel,
    })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.tenantId, ctx.tenantId),
        eq(timeEntries.participantId, participantId),
        eq(timeEntries.status, 'approved'),
        eq(timeEntries.isInvoiced, false),
        between(timeEntries.date, from, to),
        // Nothing to bill (e.g. a cancellation priced at nothing) is left out.
        gt(timeEntries.billableMinutes, 0),
      ),
    )
    .orderBy(asc(timeEntries.date), asc(timeEntries.startTime));
  return rows.map((e) => ({
    entry: e,
    line: {
      timeEntryId: e.id,
      cardId: null,
      serviceDateFrom: e.date,
      serviceDateTo: e.date,
      supportItemNumber: e.supportItemNumber,
      fallbackName: e.supportItemName,
      description: e.description ?? '',
      quantity: billableHours(e.billableMinutes),
      minutes: e.billableMinutes,
      unitPriceCents: e.unitPriceCents,
      amountCents: e.amountCents,
      gstCode: 'P2',
      claimType: e.isCancellation ? 'CANC' : e.isTravel ? 'TRAN' : '',
    } satisfies DraftLine,
  }));
}

/**
 * The participant's billable cards completed in the period that a card billing rule prices (by card
 * type and category) and no invoice that is not void already bills. A card has no completion date of
 * its own: a done card's service date is its due date, else the day it was last changed.
 */
async function cardLines(
  ctx: TenantContext,
  participantId: string,
  from: string,
  to: string,
  timeZone: string,
) {
  const serviceDate = sql<string>`coalesce(${cards.dueDate}, (${cards.updatedAt} at time zone ${timeZone})::date)::text`;
  const billed = ctx.tx
    .select({ one: sql`1` })
    .from(invoiceLines)
    .innerJoin(
      invoices,
      and(eq(invoices.tenantId, invoiceLines.tenantId), eq(invoices.id, invoiceLines.invoiceId)),
    )
    .where(
      and(
        eq(invoiceLines.tenantId, cards.tenantId),
        eq(invoiceLines.cardId, cards.id),
        ne(invoices.status, 'void'),
      ),
    );
  const rows = await ctx.tx
    .select({
      id: cards.id,
      title: cards.title,
      serviceDate,
      ndisLineItem: cardBillingRules.ndisLineItem,
      baseRateCents: cardBillingRules.baseRateCents,
      estimatedHours: cardBillingRules.estimatedHours,
      gstApplicable: cardBillingRules.gstApplicable,
    })
    .from(cards)
    .innerJoin(
      cardBillingRules,
      and(
        eq(cardBillingRules.tenantId, cards.tenantId),
        eq(cardBillingRules.cardType, cards.type),
        eq(cardBillingRules.category, cards.category),
      ),
    )
    .where(
      and(
        eq(cards.tenantId, ctx.tenantId),
        eq(cards.participantId, participantId),
        eq(cards.billable, true),
        eq(cards.state, 'done'),
        isNull(cards.deletedAt),
        sql`${serviceDate} between ${from} and ${to}`,
        sql`not exists (${billed})`,
      ),
    )
    .orderBy(asc(serviceDate), asc(cards.number));
  return rows.map(
    (c): DraftLine => ({
      timeEntryId: null,
      cardId: c.id,
      serviceDateFrom: c.serviceDate,
      serviceDateTo: c.serviceDate,
      supportItemNumber: c.ndisLineItem,
      fallbackName: c.title,
      description: c.title,
      quantity: Number(c.estimatedHours),
      minutes: null,
      unitPriceCents: c.baseRateCents,
      amountCents: lineAmountCents(Number(c.estimatedHours), c.baseRateCents),
      gstCode: c.gstApplicable ? 'P1' : 'P2',
      claimType: '',
    }),
  );
}

/**
 * The tenant's next invoice number, taken in the creating transaction: the counter row is made once,
 * then incremented with UPDATE … RETURNING, which queues concurrent creations on the row; a rolled
 * back creation gives its number back. So numbers have neither gaps nor repeats.
 */
async function nextInvoiceNumber(ctx: TenantContext): Promise<number> {
  await ctx.tx.insert(invoiceCounters).values({ tenantId: ctx.tenantId }).onConflictDoNothing();
  const [row] = await ctx.tx
    .update(invoiceCounters)
    .set({ lastInvoiceNumber: sql`${invoiceCounters.lastInvoiceNumber} + 1` })
    .where(eq(invoiceCounters.tenantId, ctx.tenantId))
    .returning({ n: invoiceCounters.lastInvoiceNumber });
  return row!.n;
}

/**
 * `POST /api/invoices`: a draft invoice for a participant and period from their approved, uninvoiced
 * time (one line per entry, at the entry's own price and amount) and billable cards (by the card
 * billing rules), for the payer of the plan in force when the period starts (planOn), numbered
 * gaplessly, every line checked. The entries are marked invoiced in the same transaction by a
 * conditional update: if any was taken or changed meanwhile, 409 and nothing is written. Nothing to
 * invoice: 422 with noEntries.
 */
export async function buildInvoice(ctx: TenantContext, input: CreateInvoice): Promise<Invoice> {
  requireInvoiceManager(await invoiceReach(ctx));
  const { participantId, periodFrom, periodTo } = input;
  const [participant] = await ctx.tx
    .select({
      id: participants.id,
      name: participants.name,
      teamId: participants.teamId,
      guardian: participants.guardian,
    })
    .from(participants)
    .where(and(eq(participants.tenantId, ctx.tenantId), eq(participants.id, participantId)));
  if (!participant) throw notFound('Participant');
  // The payer follows the plan in force when the period starts (the services were under it), or, for
  // a period before any plan, the first plan.
  const plans = await ctx.tx
    .select({
      id: participantPlans.id,
      startDate: participantPlans.startDate,
      endDate: participantPlans.endDate,
      managementType: participantPlans.managementType,
      planManager: participantPlans.planManager,
    })
    .from(participantPlans)
    .where(
      and(eq(participantPlans.tenantId, ctx.tenantId), eq(participantPlans.participantId, participantId)),
    )
    .orderBy(asc(participantPlans.startDate), asc(participantPlans.id));
  const plan = planOn(plans, periodFrom) ?? plans[0];
  const [tenant] = await ctx.tx
    .select({ billingConfig: tenants.billingConfig, timeZone: tenants.timeZone })
    .from(tenants)
    .where(eq(tenants.id, ctx.tenantId));
  const billing = tenant!.billingConfig;

  const fromTime = await timeLines(ctx, participantId, periodFrom, periodTo);
  const fromCards = await cardLines(ctx, participantId, periodFrom, periodTo, tenant!.timeZone);
  const lines = [...fromTime.map((t) => t.line), ...fromCards].sort((a, b) =>
    a.serviceDateFrom < b.serviceDateFrom ? -1 : a.serviceDateFrom > b.serviceDateFrom ? 1 : 0,
  );
  if (lines.length === 0) throw new AppError('WORKFLOW_REFUSED', invoiceMessages.noEntries);

  const number = await nextInvoiceNumber(ctx);
  const payer = payerFor({
    participantName: participant.name,
    guardian: participant.guardian,
    plan: plan ?? null,
  });
  const [created] = await ctx.tx
    .insert(invoices)
    .values({
      tenantId: ctx.tenantId,
      number,
      invoiceNumber: formatInvoiceNumber(billing.invoicePrefix, number),
      participantId,
      teamId: participant.teamId,
      payer,
      periodFrom,
      periodTo,
      gstRate: billing.taxRate,
      paymentTerms: billing.paymentTerms,
      notes: input.notes ?? '',
      createdBy: ctx.actor.id,
    })
    .returning({ id: invoices.id });
  const invoiceId = created!.id;

  const entryIds = fromTime.map((t) => t.entry.id);
  if (entryIds.length > 0) {
    const taken = await ctx.tx
      .update(timeEntries)
      .set({ isInvoiced: true, invoiceId, version: sql`${timeEntries.version} + 1`, updatedAt: new Date() })
      .where(
        and(
          eq(timeEntries.tenantId, ctx.tenantId),
          inJsonList(timeEntries.id, entryIds, 'uuid'),
          eq(timeEntries.isInvoiced, false),
          eq(timeEntries.status, 'approved'),
        ),
      )
      .returning({ id: timeEntries.id, version: timeEntries.version });
    // Another invoice (or a rejection) took some of them between the read and now: write nothing.
    if (taken.length !== entryIds.length) throw new AppError('CONFLICT', entriesTakenMessage);
    await publishTimeEntryChanges(ctx, 'updated', taken);
  }

  const facts = await catalogueFacts(ctx, lines);
  const problems = await lineProblems(ctx, { id: invoiceId, participantId }, lines, facts);
  const { rows, totals } = lineRows(ctx.tenantId, invoiceId, lines, facts, problems, billing.taxRate);
  await insertLineRows(ctx.tx, rows);
  await ctx.tx
    .update(invoices)
    .set({ ...totals, hasErrors: hasLineErrors(problems), lineCount: rows.length })
    .where(and(eq(invoices.tenantId, ctx.tenantId), eq(invoices.id, invoiceId)));

  await writeAuditEntries(ctx.tx, [
    {
      tenantId: ctx.tenantId,
      actor: ctx.actor,
      entity: 'invoice',
      entityId: invoiceId,
      action: 'created',
      changes: [
        { field: 'status', oldValue: null, newValue: 'draft' },
        { field: 'totalCents', oldValue: null, newValue: totals.totalCents },
      ],
      metadata: {
        version: 1,
        invoiceNumber: formatInvoiceNumber(billing.invoicePrefix, number),
        participantId,
        periodFrom,
        periodTo,
        lineCount: rows.length,
        timeEntryIds: entryIds,
        cardIds: fromCards.map((c) => c.cardId),
      },
    },
  ]);
  await publishInvoiceChanges(ctx, 'created', [{ id: invoiceId, version: 1 }]);
  return readInvoice(ctx, invoiceId);
}
