import type { InvoiceListQuery, InvoiceStatus, InvoiceSummary } from '@wattle/domain/invoices/schemas';
import { and, asc, desc, eq, gte, ilike, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { type HotStatement, isoText, runHotStatement } from '../../db/hot-statement';
import { invoices, invoiceTallies } from '../../db/schema/invoices';
import { participants } from '../../db/schema/participants';
import { users } from '../../db/schema/users';
import { inUuidArray } from '../../db/uuid-array';
import type { TenantContext } from '../../http/tenant-scope';
import { tenantToday } from '../cards/card-values';
import { type InvoiceReach, invoiceReach, isSoleApprover, requireInvoiceReader } from './invoice-access';
import { isOverdue, toInvoiceSummary } from './invoice-records';

/** Owed and past due: marked overdue by the job, or sent/part paid with a due date before today. */
function overdueCondition(today: string): SQL {
  return or(
    eq(invoices.status, 'overdue'),
    and(inArray(invoices.status, ['sent', 'part-paid']), sql`${invoices.dueDate} < ${today}`),
  )!;
}

/**
 * The invoices a caller may approve: pending, within their reach, and not their own submission unless
 * they are the organisation's only owner or admin (isSoleApprover), who approves their own.
 * `selfApproves` is that answer, or a condition that asks it in the same statement
 * (soleApproverCondition: the dashboard's count).
 */
export function awaitingCondition(reach: InvoiceReach, selfApproves: boolean | SQL): SQL {
  const notOwn =
    selfApproves === true
      ? sql`true`
      : or(
          sql`${invoices.submittedBy} is null`,
          ne(invoices.submittedBy, reach.actorId),
          selfApproves === false ? undefined : selfApproves,
        )!;
  const mayDecide = reach.approvesAll
    ? sql`true`
    : reach.teamLeadLimitCents === null || reach.leadTeamIds.length === 0
      ? sql`false`
      : and(
          inUuidArray(invoices.teamId, reach.leadTeamIds),
          lte(invoices.totalCents, reach.teamLeadLimitCents),
        )!;
  return and(eq(invoices.status, 'pending-approval'), notOwn, mayDecide)!;
}

/**
 * The WHERE of the list and the board's totals: the caller's reach (every invoice, or their teams'
 * as a team lead) and the query's filters. Each narrows on tenant-leading indexed columns (status,
 * participant, created_by, number), so a page of a large tenant reads an index range.
 */
function listConditions(
  ctx: TenantContext,
  reach: InvoiceReach,
  query: ListFilters,
  today: string,
  selfApproves: boolean,
): SQL {
  const conditions: (SQL | undefined)[] = [eq(invoices.tenantId, ctx.tenantId)];
  if (!reach.readsAll) conditions.push(inArray(invoices.teamId, reach.leadTeamIds));
  if (query.status && query.status.length > 0) conditions.push(inArray(invoices.status, query.status));
  if (query.participantId) conditions.push(eq(invoices.participantId, query.participantId));
  if (query.payerKind) conditions.push(sql`${invoices.payer}->>'kind' = ${query.payerKind}`);
  if (query.from) conditions.push(gte(invoices.periodTo, query.from));
  if (query.to) conditions.push(lte(invoices.periodFrom, query.to));
  if (query.overdue === true) conditions.push(overdueCondition(today));
  if (query.overdue === false) conditions.push(sql`not (${overdueCondition(today)})`);
  if (query.scope === 'mine') {
    conditions.push(or(eq(invoices.createdBy, reach.actorId), eq(invoices.submittedBy, reach.actorId)));
  }
  if (query.scope === 'awaiting-me') conditions.push(awaitingCondition(reach, selfApproves));
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(invoices.invoiceNumber, like), ilike(participants.name, like)));
  }
  return and(...conditions)!;
}

type ListFilters = Omit<InvoiceListQuery, 'sort' | 'order' | 'limit' | 'offset'>;

/** Whether 'awaiting me' includes the caller's own submissions: asked only for that scope. */
async function selfApproves(ctx: TenantContext, reach: InvoiceReach, query: ListFilters): Promise<boolean> {
  return query.scope === 'awaiting-me' && (await isSoleApprover(ctx, reach));
}

/**
 * Whether the tallies (migration 0022) answer the count: a tenant-wide reader whose list is narrowed
 * by status at most. Any other filter counts the (smaller or index-read) set itself.
 */
function talliesAnswer(reach: InvoiceReach, query: ListFilters): boolean {
  return (
    reach.readsAll &&
    query.scope === 'all' &&
    !query.q &&
    !query.participantId &&
    !query.payerKind &&
    !query.from &&
    !query.to &&
    query.overdue === undefined
  );
}

/** The tenant's invoices per status (count and total) from the tallies, optionally some statuses. */
async function talliedTotals(ctx: TenantContext, statuses: readonly InvoiceStatus[] | undefined) {
  const rows = await ctx.tx
    .select({ status: invoiceTallies.status, count: invoiceTallies.n, totalCents: invoiceTallies.totalCents })
    .from(invoiceTallies)
    .where(
      and(
        eq(invoiceTallies.tenantId, ctx.tenantId),
        statuses && statuses.length > 0 ? inArray(invoiceTallies.status, [...statuses]) : undefined,
      ),
    );
  return rows
    .map((r) => ({
      status: r.status as InvoiceStatus,
      count: Number(r.count),
      totalCents: Number(r.totalCents),
    }))
    .filter((r) => r.count !== 0);
}

const sortColumns = {
  number: invoices.number,
  participant: sql`lower(${participants.name})`,
  payer: sql`lower(${invoices.payer}->>'name')`,
  period: invoices.periodFrom,
  total: invoices.totalCents,
  dueDate: invoices.dueDate,
  status: invoices.status,
  updated: invoices.updatedAt,
} as const;

const createdByUser = alias(users, 'created_by_user');
const submittedByUser = alias(users, 'submitted_by_user');
const approvedByUser = alias(users, 'approved_by_user');

/** The tallied count of the list's statuses, as a value of the page's own statement. */
function talliedCount(tenantId: unknown, statuses: readonly InvoiceStatus[] | undefined): SQL<number> {
  const ofStatuses =
    statuses && statuses.length > 0 ? sql` and ${invoiceTallies.status} in ${[...statuses]}` : sql``;
  return sql<number>`(select coalesce(sum(${invoiceTallies.n}), 0)::int from ${invoiceTallies}
    where ${invoiceTallies.tenantId} = ${tenantId}${ofStatuses})`;
}

/**
 * A page of invoices with their participants and the names of the people on them, in one statement;
 * with the tallied count too when the tallies answer it (the list is every invoice or some statuses),
 * so the usual first page is one round trip.
 */
function pageFrom(tx: Tx, total: SQL<number> | null) {
  return tx
    .select({
      invoice: invoices,
      name: participants.name,
      ndisNumber: participants.ndisNumber,
      createdByName: createdByUser.name,
      submittedByName: submittedByUser.name,
      approvedByName: approvedByUser.name,
      total: total ?? sql<null>`null`,
    })
    .from(invoices)
    .innerJoin(
      participants,
      and(eq(participants.tenantId, invoices.tenantId), eq(participants.id, invoices.participantId)),
    )
    .leftJoin(createdByUser, eq(createdByUser.id, invoices.createdBy))
    .leftJoin(submittedByUser, eq(submittedByUser.id, invoices.submittedBy))
    .leftJoin(approvedByUser, eq(approvedByUser.id, invoices.approvedBy));
}

/**
 * The list as it opens for an owner, admin or auditor (every invoice, newest number first, the first
 * page), which is what it is asked for most. It is a hot statement (db/hot-statement.ts): plain SQL,
 * a named prepared statement of the connection, its rows read as the driver gives them. Mapping the
 * query builder's rows (an entity check per column of each of 50 rows) was about 0.7 ms of the
 * server's 1.8 ms a request. The page size is written into the statement rather than bound: with a
 * bound LIMIT Postgres cannot cost a generic plan and planned the statement afresh on every request.
 * The size is a validated integer (the query schema's 1-200), so at most that many statements per
 * connection.
 */
function usualFirstPageStatement(limit: number): HotStatement {
  const size = Math.trunc(limit);
  return {
    name: `wattle_invoice_first_page_${size}`,
    paramTypes: ['uuid'],
    text: `select i.id, i.invoice_number as "invoiceNumber", i.tenant_id as "tenantId",
    i.participant_id as "participantId", p.name as "participantName", p.ndis_number as "ndisNumber",
    i.team_id as "teamId", i.payer, i.period_from::text as "periodFrom", i.period_to::text as "periodTo",
    i.issue_date::text as "issueDate", i.due_date::text as "dueDate", i.status,
    i.subtotal_cents as "subtotalCents", i.gst_rate::float8 as "gstRate", i.gst_cents as "gstCents",
    i.total_cents as "totalCents", i.paid_cents as "paidCents", i.payment_terms as "paymentTerms",
    i.notes, i.rejection_reason as "rejectionReason", i.void_reason as "voidReason",
    i.has_errors as "hasErrors", i.created_by as "createdBy", cu.name as "createdByName",
    i.submitted_by as "submittedBy", su.name as "submittedByName",
    i.approved_by as "approvedBy", au.name as "approvedByName",
    ${isoText('i.submitted_at')} as "submittedAt", ${isoText('i.approved_at')} as "approvedAt",
    ${isoText('i.sent_at')} as "sentAt", ${isoText('i.paid_at')} as "paidAt", i.version,
    ${isoText('i.created_at')} as "createdAt", ${isoText('i.updated_at')} as "updatedAt",
    i.line_count as "lineCount",
    (select coalesce(sum(t.n), 0)::int from invoice_tallies t where t.tenant_id = $1) as "total"
  from invoices i
  join participants p on p.tenant_id = i.tenant_id and p.id = i.participant_id
  left join users cu on cu.id = i.created_by
  left join users su on su.id = i.submitted_by
  left join users au on au.id = i.approved_by
  where i.tenant_id = $1
  order by i.number desc
  limit ${size}`,
  };
}

type UsualPageRow = Omit<InvoiceSummary, 'createdBy' | 'submittedBy' | 'approvedBy' | 'isOverdue'> & {
  createdBy: string | null;
  createdByName: string | null;
  submittedBy: string | null;
  submittedByName: string | null;
  approvedBy: string | null;
  approvedByName: string | null;
  total: number;
};

const personOf = (id: string | null, name: string | null) =>
  id === null ? null : { id, name: name ?? 'Unknown' };

/** The usual first page and the tallied count; null off a request transaction (the general path). */
async function usualFirstPage(
  ctx: TenantContext,
  limit: number,
  today: string,
): Promise<{ data: InvoiceSummary[]; total: number } | null> {
  const rows = await runHotStatement<UsualPageRow>(ctx.tx, usualFirstPageStatement(limit), [ctx.tenantId]);
  if (!rows) return null;
  const data = rows.map(
    ({ createdByName, submittedByName, approvedByName, total: _total, ...row }): InvoiceSummary => ({
      ...row,
      createdBy: personOf(row.createdBy, createdByName),
      submittedBy: personOf(row.submittedBy, submittedByName),
      approvedBy: personOf(row.approvedBy, approvedByName),
      isOverdue: isOverdue(row, today),
    }),
  );
  return { data, total: rows.length > 0 ? Number(rows[0]!.total) : 0 };
}

/** `GET /api/invoices`: a page of the invoices the caller reads, filtered and sorted, and how many match. */
export async function listInvoices(
  ctx: TenantContext,
  query: InvoiceListQuery,
): Promise<{ data: InvoiceSummary[]; total: number }> {
  const reach = await invoiceReach(ctx);
  requireInvoiceReader(reach);
  const today = await tenantToday(ctx);
  const where = listConditions(ctx, reach, query, today, await selfApproves(ctx, reach, query));
  const direction = query.order === 'asc' ? asc : desc;
  const order = [direction(sortColumns[query.sort])];
  if (query.sort !== 'number') order.push(direction(invoices.number));
  const tallied = talliesAnswer(reach, query);
  const usual =
    tallied &&
    !query.status?.length &&
    query.sort === 'number' &&
    query.order !== 'asc' &&
    query.offset === 0;
  const page = usual ? await usualFirstPage(ctx, query.limit, today) : null;
  if (page) return page;
  const rows = await pageFrom(ctx.tx, tallied ? talliedCount(ctx.tenantId, query.status) : null)
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset);
  // A page past the end has no row to carry the tallied count: count as for any other filter.
  const total = tallied && rows.length > 0 ? Number(rows[0]!.total) : await countInvoices(ctx, query, where);
  return {
    data: rows.map((r) => {
      const names = new Map<string, string>();
      if (r.invoice.createdBy && r.createdByName !== null) names.set(r.invoice.createdBy, r.createdByName);
      if (r.invoice.submittedBy && r.submittedByName !== null)
        names.set(r.invoice.submittedBy, r.submittedByName);
      if (r.invoice.approvedBy && r.approvedByName !== null)
        names.set(r.invoice.approvedBy, r.approvedByName);
      return toInvoiceSummary(r.invoice, { name: r.name, ndisNumber: r.ndisNumber }, names, today);
    }),
    total,
  };
}

/**
 * Counts the invoices matching the list's conditions; the participants are joined only to match q on
 * their names, otherwise the count reads the invoices' own tenant-leading indexes alone.
 */
async function countInvoices(ctx: TenantContext, query: ListFilters, where: SQL): Promise<number> {
  const counting = ctx.tx.select({ n: sql<number>`count(*)::int` }).from(invoices).$dynamic();
  const [counted] = await (query.q
    ? counting.innerJoin(
        participants,
        and(eq(participants.tenantId, invoices.tenantId), eq(participants.id, invoices.participantId)),
      )
    : counting
  ).where(where);
  return Number(counted?.n ?? 0);
}

/** `GET /api/invoices/totals`: how many invoices, and their total, per status, over the list's filters. */
export async function invoiceTotalsByStatus(
  ctx: TenantContext,
  query: ListFilters,
): Promise<{ status: InvoiceStatus; count: number; totalCents: number }[]> {
  const reach = await invoiceReach(ctx);
  requireInvoiceReader(reach);
  if (talliesAnswer(reach, query)) return talliedTotals(ctx, query.status);
  const today = await tenantToday(ctx);
  const summing = ctx.tx
    .select({
      status: invoices.status,
      count: sql<number>`count(*)::int`,
      totalCents: sql<number>`coalesce(sum(${invoices.totalCents}), 0)::bigint`,
    })
    .from(invoices)
    .$dynamic();
  const rows = await (query.q
    ? summing.innerJoin(
        participants,
        and(eq(participants.tenantId, invoices.tenantId), eq(participants.id, invoices.participantId)),
      )
    : summing
  )
    .where(listConditions(ctx, reach, query, today, await selfApproves(ctx, reach, query)))
    .groupBy(invoices.status);
  return rows.map((r) => ({ status: r.status, count: Number(r.count), totalCents: Number(r.totalCents) }));
}
