import type { FieldChange } from '@wattle/domain/audit/schemas';
import { restrictivePracticeReportDue } from '@wattle/domain/deadlines/commission-deadlines';
import { monthDays, reportFigures } from '@wattle/domain/restrictive-practices/rules';
import {
  type GenerateReport,
  type Report,
  type ReportAction,
  type ReportListQuery,
  restrictivePracticeMessages,
  type SubmitReport,
} from '@wattle/domain/restrictive-practices/schemas';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { restrictivePracticeReports as reports } from '../../db/schema/restrictive-practices';
import { users } from '../../db/schema/users';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { tenantTimeZone, todayIn } from '../cards/card-values';
import { deadlinesOf, dropDeadlines, keepDeadline } from '../deadlines/keep-deadlines';
import { tenantPriceState } from '../time-codes/tenant-price-state';
import {
  allows,
  type ParticipantOfPractices,
  type PracticeAccess,
  requirePracticePermission,
} from './practice-access';
import { publishPracticeChange } from './practice-events';
import { type UseRow, useRowsBetween } from './use-rows';

/**
 * Each month's restrictive-practice report per participant (issue 16 item 3), made from the log in
 * the tenant's time zone: draft → reviewed → submitted (with the Commission's reference). A draft or
 * reviewed report is refreshed whenever it is generated again or a use of its month is logged (a
 * reviewed one goes back to draft when its figures change, to be reviewed again); a submitted one is
 * frozen, and counts only the uses logged by the time it was last generated. While a month has uses,
 * its 'rp-monthly-report' deadline is kept, and met when the report is submitted.
 */

export type ReportRow = typeof reports.$inferSelect;
const entity = 'restrictive-practice-report';

/** The month's uses a report counts: those logged by the time it was generated. */
export async function reportUses(
  ctx: TenantContext,
  row: Pick<ReportRow, 'participantId' | 'month' | 'generatedAt'>,
  timeZone: string,
): Promise<UseRow[]> {
  const { first, last } = monthDays(row.month);
  return useRowsBetween(ctx, row.participantId, first, last, timeZone, row.generatedAt);
}

async function loadRow(ctx: TenantContext, id: string, lock = false): Promise<ReportRow> {
  const query = ctx.tx
    .select()
    .from(reports)
    .where(and(eq(reports.tenantId, ctx.tenantId), eq(reports.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', restrictivePracticeMessages.reportNotFound);
  return row;
}

function allowedActions(access: PracticeAccess, row: ReportRow): ReportAction[] {
  if (!allows(access, 'manage:restrictive-practices') || row.status === 'submitted') return [];
  return row.status === 'draft' ? ['generate', 'review'] : ['generate', 'submit'];
}

async function toReports(ctx: TenantContext, access: PracticeAccess, rows: ReportRow[]): Promise<Report[]> {
  if (rows.length === 0) return [];
  const timeZone = await tenantTimeZone(ctx);
  const people = [
    ...new Set(rows.flatMap((r) => [r.reviewedBy, r.submittedBy]).filter((id): id is string => id !== null)),
  ];
  const names =
    people.length > 0
      ? await ctx.tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, people))
      : [];
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  const person = (id: string | null) => (id ? { id, name: nameOf.get(id) ?? 'Unknown' } : null);
  const deadlines = await deadlinesOf(
    ctx.tx,
    ctx.tenantId,
    rows.map((r) => r.id),
  );
  const answers: Report[] = [];
  for (const row of rows) {
    const figures = reportFigures(await reportUses(ctx, row, timeZone));
    const deadline = deadlines.find((d) => d.subjectId === row.id && d.kind === 'rp-monthly-report');
    answers.push({
      id: row.id,
      participantId: row.participantId,
      participantName: access.participant.name,
      ndisNumber: access.participant.ndisNumber,
      month: row.month,
      status: row.status,
      // The stored figures are the ones reviewed and submitted; the breakdown is read from the same uses.
      useCount: row.useCount,
      unauthorisedCount: row.unauthorisedCount,
      totalMinutes: row.totalMinutes,
      byPractice: figures.byPractice,
      generatedAt: row.generatedAt.toISOString(),
      reviewedBy: person(row.reviewedBy),
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
      submittedBy: person(row.submittedBy),
      submittedAt: row.submittedAt?.toISOString() ?? null,
      commissionReference: row.commissionReference,
      deadline: deadline
        ? { kind: deadline.kind, dueAt: deadline.dueAt, metAt: deadline.metAt, status: deadline.status }
        : null,
      allowedActions: allowedActions(access, row),
      version: row.version,
    });
  }
  return answers;
}

/** Keeps the month's deadline while it has uses (met once submitted); drops it when it has none. */
async function keepMonthDeadline(
  ctx: TenantContext,
  participant: ParticipantOfPractices,
  row: ReportRow,
  tz: string,
) {
  if (row.useCount === 0 && row.status !== 'submitted') {
    await dropDeadlines(ctx.tx, ctx.tenantId, row.id, ['rp-monthly-report']);
    return;
  }
  const state = await tenantPriceState(ctx.tx, ctx.tenantId);
  await keepDeadline(ctx.tx, ctx.tenantId, {
    kind: 'rp-monthly-report',
    subjectType: 'rp-report',
    subjectId: row.id,
    participantId: participant.id,
    teamId: participant.teamId,
    dueAt: restrictivePracticeReportDue(row.month, state, tz),
    metAt: row.submittedAt,
  });
}

/**
 * Makes or refreshes the month's report from the log (a submitted one is left as it is and
 * answered). `action` names the audit entry: 'generated' when someone asked, 'refreshed' when a
 * logged use changed the month.
 */
async function upsertMonthReport(
  ctx: TenantContext,
  participant: ParticipantOfPractices,
  month: string,
  timeZone: string,
  action: 'generated' | 'refreshed',
): Promise<ReportRow> {
  const [existing] = await ctx.tx
    .select()
    .from(reports)
    .where(
      and(
        eq(reports.tenantId, ctx.tenantId),
        eq(reports.participantId, participant.id),
        eq(reports.month, month),
      ),
    )
    .for('update');
  if (existing?.status === 'submitted') return existing;
  // Everything committed by the time the report's row is locked, and this transaction's own uses.
  // generated_at is clock_timestamp(), not now(): now() is when this transaction began, which may be
  // before a use another transaction committed meanwhile, and reads filter uses by generated_at.
  const { first, last } = monthDays(month);
  const figures = reportFigures(await useRowsBetween(ctx, participant.id, first, last, timeZone));
  const counts = {
    useCount: figures.useCount,
    unauthorisedCount: figures.unauthorisedCount,
    totalMinutes: figures.totalMinutes,
  };
  let row: ReportRow;
  const changes: FieldChange[] = [];
  if (!existing) {
    const [inserted] = await ctx.tx
      .insert(reports)
      .values({
        tenantId: ctx.tenantId,
        participantId: participant.id,
        month,
        ...counts,
        generatedAt: sql`clock_timestamp()`,
      })
      .onConflictDoNothing()
      .returning();
    // Someone else made it a moment ago: refresh theirs.
    if (!inserted) return upsertMonthReport(ctx, participant, month, timeZone, action);
    row = inserted;
    for (const [field, value] of Object.entries(counts))
      changes.push({ field, oldValue: null, newValue: value });
  } else {
    const isChanged = (Object.keys(counts) as (keyof typeof counts)[]).some((k) => existing[k] !== counts[k]);
    for (const [field, value] of Object.entries(counts)) {
      const old = existing[field as keyof typeof counts];
      if (old !== value) changes.push({ field, oldValue: old, newValue: value });
    }
    // A reviewed report whose figures changed must be reviewed again.
    const status = existing.status === 'reviewed' && isChanged ? 'draft' : existing.status;
    if (status !== existing.status)
      changes.push({ field: 'status', oldValue: existing.status, newValue: status });
    const [updated] = await ctx.tx
      .update(reports)
      .set({
        ...counts,
        status,
        ...(status === 'draft' ? { reviewedBy: null, reviewedAt: null } : {}),
        generatedAt: sql`clock_timestamp()`,
        version: existing.version + 1,
        updatedAt: new Date(),
      })
      .where(and(eq(reports.tenantId, ctx.tenantId), eq(reports.id, existing.id)))
      .returning();
    row = updated!;
  }
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity,
    entityId: row.id,
    action,
    changes,
    metadata: { participantId: participant.id, month, version: row.version },
  });
  await publishPracticeChange(ctx, existing ? 'updated' : 'created', entity, row.id, row.version);
  await keepMonthDeadline(ctx, participant, row, timeZone);
  return row;
}

/** After a use is logged: the month's report follows the log. */
export async function refreshMonthReport(
  ctx: TenantContext,
  participant: ParticipantOfPractices,
  month: string,
  timeZone: string,
): Promise<void> {
  await upsertMonthReport(ctx, participant, month, timeZone, 'refreshed');
}

/** `POST /api/restrictive-practice-reports`: makes or refreshes a month's report. */
export async function generateReport(ctx: TenantContext, input: GenerateReport): Promise<Report> {
  const access = await requirePracticePermission(ctx, input.participantId, 'manage:restrictive-practices');
  const timeZone = await tenantTimeZone(ctx);
  if (input.month > todayIn(timeZone).slice(0, 7)) {
    throw new AppError('VALIDATION_FAILED', restrictivePracticeMessages.futureMonth, [
      { path: ['month'], message: restrictivePracticeMessages.futureMonth },
    ]);
  }
  const row = await upsertMonthReport(ctx, access.participant, input.month, timeZone, 'generated');
  if (row.status === 'submitted')
    throw new AppError('WORKFLOW_REFUSED', restrictivePracticeMessages.reportSubmitted);
  const [report] = await toReports(ctx, access, [row]);
  return report!;
}

export async function listReports(
  ctx: TenantContext,
  query: ReportListQuery,
): Promise<{ data: Report[]; total: number }> {
  const access = await requirePracticePermission(ctx, query.participantId, 'read:restrictive-practices');
  const where = and(
    eq(reports.tenantId, ctx.tenantId),
    eq(reports.participantId, query.participantId),
    query.status ? eq(reports.status, query.status) : undefined,
  );
  const rows = await ctx.tx
    .select()
    .from(reports)
    .where(where)
    .orderBy(desc(reports.month))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await ctx.tx.select({ n: count() }).from(reports).where(where);
  return { data: await toReports(ctx, access, rows), total: total?.n ?? 0 };
}

/** A report and the caller's access to it (404 for one the caller does not reach). */
export async function loadReport(
  ctx: TenantContext,
  id: string,
  lock = false,
): Promise<{ row: ReportRow; access: PracticeAccess }> {
  const row = await loadRow(ctx, id, lock);
  const access = await requirePracticePermission(
    ctx,
    row.participantId,
    'read:restrictive-practices',
    restrictivePracticeMessages.reportNotFound,
  );
  return { row, access };
}

export async function readReport(ctx: TenantContext, id: string): Promise<Report> {
  const { row, access } = await loadReport(ctx, id);
  const [report] = await toReports(ctx, access, [row]);
  return report!;
}

async function step(
  ctx: TenantContext,
  id: string,
  version: number | undefined,
  apply: (row: ReportRow) => Partial<typeof reports.$inferInsert>,
  action: 'reviewed' | 'submitted',
): Promise<Report> {
  const { row, access } = await loadReport(ctx, id, true);
  if (!allows(access, 'manage:restrictive-practices')) {
    throw new AppError('FORBIDDEN', 'You do not have permission to do that');
  }
  if (version !== undefined && version !== row.version) {
    throw new AppError('CONFLICT', restrictivePracticeMessages.conflict, {
      current: await readReport(ctx, id),
    });
  }
  const values = apply(row);
  const nextVersion = row.version + 1;
  const [updated] = await ctx.tx
    .update(reports)
    .set({ ...values, version: nextVersion, updatedAt: new Date() })
    .where(and(eq(reports.tenantId, ctx.tenantId), eq(reports.id, id)))
    .returning();
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity,
    entityId: id,
    action,
    changes: [
      { field: 'status', oldValue: row.status, newValue: values.status },
      ...(values.commissionReference
        ? [
            {
              field: 'commissionReference',
              oldValue: row.commissionReference,
              newValue: values.commissionReference,
            },
          ]
        : []),
    ],
    metadata: { participantId: row.participantId, month: row.month, version: nextVersion },
  });
  await publishPracticeChange(ctx, 'updated', entity, id, nextVersion);
  if (action === 'submitted')
    await keepMonthDeadline(ctx, access.participant, updated!, await tenantTimeZone(ctx));
  const [report] = await toReports(ctx, access, [updated!]);
  return report!;
}

/** Marks a draft reviewed: its figures are what will be submitted. */
export function reviewReport(ctx: TenantContext, id: string, version?: number): Promise<Report> {
  return step(
    ctx,
    id,
    version,
    (row) => {
      if (row.status === 'submitted')
        throw new AppError('WORKFLOW_REFUSED', restrictivePracticeMessages.reportSubmitted);
      if (row.status === 'reviewed') {
        throw new AppError('WORKFLOW_REFUSED', restrictivePracticeMessages.reportAlreadyReviewed);
      }
      return { status: 'reviewed', reviewedBy: ctx.actor.id, reviewedAt: new Date() };
    },
    'reviewed',
  );
}

/** Marks a reviewed report submitted with the Commission's reference; the month's deadline is met. */
export function submitReport(ctx: TenantContext, id: string, input: SubmitReport): Promise<Report> {
  return step(
    ctx,
    id,
    input.version,
    (row) => {
      if (row.status === 'submitted')
        throw new AppError('WORKFLOW_REFUSED', restrictivePracticeMessages.reportSubmitted);
      if (row.status !== 'reviewed') {
        throw new AppError('WORKFLOW_REFUSED', restrictivePracticeMessages.reportNotReviewed);
      }
      return {
        status: 'submitted',
        submittedBy: ctx.actor.id,
        submittedAt: new Date(),
        commissionReference: input.commissionReference,
      };
    },
    'submitted',
  );
}
