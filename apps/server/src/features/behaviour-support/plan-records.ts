import type {
  Plan,
  PlanListQuery,
  PlanSummary,
  PlanVersionSummary,
} from '@wattle/domain/behaviour-support/schemas';
import type { FieldValues } from '@wattle/domain/templates/schemas';
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { behaviourSupportPlans, behaviourSupportPlanVersions } from '../../db/schema/behaviour-support';
import { cards } from '../../db/schema/cards';
import { participants } from '../../db/schema/participants';
import { users } from '../../db/schema/users';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { deadlinesOf } from '../deadlines/keep-deadlines';
import {
  allowedPlanActions,
  type PlanReach,
  planNotFound,
  planReachByTeam,
  readsPlan,
  teamPlanReach,
} from './plan-access';

export type PlanRow = typeof behaviourSupportPlans.$inferSelect;
export type PlanVersionRow = typeof behaviourSupportPlanVersions.$inferSelect;

export const planConflictMessage = 'This plan was changed by someone else; review the current version';

/** The restrictive practices a form's values name (its Restrictive Practice Type). */
export function restrictivePracticesIn(values: FieldValues): string[] {
  const chosen = values['rp-type'];
  return Array.isArray(chosen) ? chosen.filter((v): v is string => typeof v === 'string') : [];
}

/** The names of the given users, by id. */
export async function userNames(
  ctx: TenantContext,
  ids: readonly (string | null)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const rows = await ctx.tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The plan the caller may read, with their reach on its team; locked for the rest of the transaction
 * when `forUpdate` (every write takes it so). Missing, other tenants' and unreadable plans: 404.
 */
export async function loadPlanRow(
  ctx: TenantContext,
  id: string,
  forUpdate = false,
): Promise<{ row: PlanRow; reach: PlanReach }> {
  const query = ctx.tx
    .select()
    .from(behaviourSupportPlans)
    .where(and(eq(behaviourSupportPlans.tenantId, ctx.tenantId), eq(behaviourSupportPlans.id, id)))
    .$dynamic();
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw planNotFound();
  const reach = await teamPlanReach(ctx, row.teamId);
  if (!reach || !readsPlan(reach, row)) throw planNotFound();
  return { row, reach };
}

/** 409 CONFLICT with the current plan when the version sent is not the stored one. */
export async function checkPlanVersion(
  ctx: TenantContext,
  row: PlanRow,
  version: number | undefined,
): Promise<void> {
  if (version !== undefined && version !== row.version) {
    throw new AppError('CONFLICT', planConflictMessage, { current: await readPlan(ctx, row.id) });
  }
}

function toSummary(
  row: PlanRow,
  participantName: string,
  planDeadlines: PlanSummary['deadlines'],
): PlanSummary {
  return {
    id: row.id,
    participantId: row.participantId,
    participantName,
    teamId: row.teamId,
    cardId: row.cardId,
    kind: row.kind,
    title: row.title,
    status: row.status,
    currentVersion: row.currentVersion,
    approvedVersion: row.approvedVersion,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    sharedWithFamily: row.sharedWithFamily,
    reviewDueOn: row.reviewDueOn,
    needsChangedOn: row.needsChangedOn,
    createdBy: row.createdBy,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deadlines: planDeadlines,
  };
}

async function participantNames(ctx: TenantContext, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.tx
    .select({ id: participants.id, name: participants.name })
    .from(participants)
    .where(and(eq(participants.tenantId, ctx.tenantId), inArray(participants.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * `GET /api/behaviour-support-plans`: the plans the caller may read, newest first, filtered by team,
 * participant and status. A team the caller cannot see answers 404.
 */
export async function listPlans(
  ctx: TenantContext,
  query: PlanListQuery,
): Promise<{ data: PlanSummary[]; total: number }> {
  const reaches = await planReachByTeam(ctx);
  if (query.teamId && !reaches.get(query.teamId)?.readsShared) {
    throw new AppError('NOT_FOUND', 'Team not found');
  }
  const teamsAll: string[] = [];
  const teamsShared: string[] = [];
  for (const [teamId, reach] of reaches) {
    if (query.teamId && teamId !== query.teamId) continue;
    if (reach.readsAll) teamsAll.push(teamId);
    else if (reach.readsShared) teamsShared.push(teamId);
  }
  const reachable: SQL[] = [];
  if (teamsAll.length) reachable.push(inArray(behaviourSupportPlans.teamId, teamsAll));
  if (teamsShared.length) {
    reachable.push(
      and(
        inArray(behaviourSupportPlans.teamId, teamsShared),
        eq(behaviourSupportPlans.sharedWithFamily, true),
      )!,
    );
  }
  if (reachable.length === 0) return { data: [], total: 0 };
  const where = and(
    eq(behaviourSupportPlans.tenantId, ctx.tenantId),
    or(...reachable),
    query.participantId ? eq(behaviourSupportPlans.participantId, query.participantId) : undefined,
    query.status ? eq(behaviourSupportPlans.status, query.status) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    ctx.tx
      .select()
      .from(behaviourSupportPlans)
      .where(where)
      .orderBy(desc(behaviourSupportPlans.createdAt), desc(behaviourSupportPlans.id))
      .limit(query.limit)
      .offset(query.offset),
    ctx.tx.select({ n: sql<number>`count(*)::int` }).from(behaviourSupportPlans).where(where),
  ]);
  const names = await participantNames(
    ctx,
    rows.map((r) => r.participantId),
  );
  const planDeadlines = await deadlinesOf(
    ctx.tx,
    ctx.tenantId,
    rows.map((r) => r.id),
  );
  const data = rows.map((row) =>
    toSummary(
      row,
      names.get(row.participantId) ?? '',
      planDeadlines.filter((d) => d.subjectId === row.id),
    ),
  );
  return { data, total: counted?.n ?? 0 };
}

export async function planVersionRows(ctx: TenantContext, planId: string): Promise<PlanVersionRow[]> {
  return ctx.tx
    .select()
    .from(behaviourSupportPlanVersions)
    .where(
      and(
        eq(behaviourSupportPlanVersions.tenantId, ctx.tenantId),
        eq(behaviourSupportPlanVersions.planId, planId),
      ),
    )
    .orderBy(asc(behaviourSupportPlanVersions.number));
}

export function toVersionSummary(row: PlanVersionRow, names: Map<string, string>): PlanVersionSummary {
  const name = (id: string | null) => (id ? (names.get(id) ?? null) : null);
  return {
    number: row.number,
    status: row.status,
    changeSummary: row.changeSummary,
    restrictivePractices: row.restrictivePractices,
    createdBy: row.createdBy,
    createdByName: name(row.createdBy),
    submittedBy: row.submittedBy,
    submittedByName: name(row.submittedBy),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    approvedBy: row.approvedBy,
    approvedByName: name(row.approvedBy),
    approvedAt: row.approvedAt?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function namesOfVersions(
  ctx: TenantContext,
  rows: readonly PlanVersionRow[],
): Promise<Map<string, string>> {
  return userNames(
    ctx,
    rows.flatMap((r) => [r.createdBy, r.submittedBy, r.approvedBy]),
  );
}

/** The plan's working card (not deleted), or null. */
export async function planCard(ctx: TenantContext, cardId: string | null) {
  if (!cardId) return null;
  const [card] = await ctx.tx
    .select({
      id: cards.id,
      templateId: cards.templateId,
      fieldValues: cards.fieldValues,
      compliance: cards.compliance,
      status: cards.status,
      version: cards.version,
    })
    .from(cards)
    .where(and(eq(cards.tenantId, ctx.tenantId), eq(cards.id, cardId), isNull(cards.deletedAt)));
  return card ?? null;
}

/** `GET /api/behaviour-support-plans/{id}`: the plan with its versions, practices, compliance and deadlines. */
export async function readPlan(ctx: TenantContext, id: string): Promise<Plan> {
  const { row, reach } = await loadPlanRow(ctx, id);
  const [versions, card, names, planDeadlines] = await Promise.all([
    planVersionRows(ctx, id),
    planCard(ctx, row.cardId),
    participantNames(ctx, [row.participantId]),
    deadlinesOf(ctx.tx, ctx.tenantId, [id]),
  ]);
  const people = await namesOfVersions(ctx, versions);
  const newest = versions.at(-1);
  const frozen = newest && newest.status !== 'draft';
  const practices = frozen ? newest.restrictivePractices : restrictivePracticesIn(card?.fieldValues ?? {});
  const approved = versions.find((v) => v.number === row.approvedVersion);
  return {
    ...toSummary(row, names.get(row.participantId) ?? '', planDeadlines),
    templateId: card?.templateId ?? null,
    versions: versions.map((v) => toVersionSummary(v, people)),
    restrictivePractices: practices,
    compliance: card?.compliance ?? null,
    allowedActions: allowedPlanActions(reach, row),
    approvedByName: approved?.approvedBy ? (people.get(approved.approvedBy) ?? null) : null,
  };
}
