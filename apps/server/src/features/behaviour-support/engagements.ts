import type { FieldChange } from '@wattle/domain/audit/schemas';
import {
  type CreateEngagementInput,
  type Engagement,
  type EngagementListQuery,
  planMessages,
  type UpdateEngagementInput,
} from '@wattle/domain/behaviour-support/schemas';
import { deadlinesMetByApproval } from '@wattle/domain/behaviour-support/workflow';
import { comprehensivePlanDue, interimPlanDue } from '@wattle/domain/deadlines/commission-deadlines';
import { and, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { behaviourSupportEngagements, behaviourSupportPlans } from '../../db/schema/behaviour-support';
import { participants } from '../../db/schema/participants';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { tenantTimeZone, todayIn } from '../cards/card-values';
import { deadlinesOf, dropDeadlines, keepDeadline } from '../deadlines/keep-deadlines';
import { publishChanges } from '../events/change-feed';
import { type PlanReach, planReachByTeam, requirePlanWriter, teamPlanReach } from './plan-access';
import { userNames } from './plan-records';

/**
 * When specialist behaviour support was engaged for a participant (issue 16 item 1). The
 * Commission's plan deadlines run from it: 'bsp-interim' (1 month) and 'bsp-comprehensive'
 * (6 months), kept here on every write and met by the approval of a plan of the matching kind on or
 * after the engagement. Ending an engagement before a deadline was met drops that deadline: no plan
 * is owed for support that stopped.
 */

type EngagementRow = typeof behaviourSupportEngagements.$inferSelect;

export const engagementNotFound = () => new AppError('NOT_FOUND', 'Behaviour support engagement not found');
const conflictMessage = 'This record was changed by someone else; review the current version';

/** The participant's team and name; 404 when missing or on a team the caller cannot see. */
async function participantOnTeam(ctx: TenantContext, participantId: string) {
  const [p] = await ctx.tx
    .select({ id: participants.id, name: participants.name, teamId: participants.teamId })
    .from(participants)
    .where(and(eq(participants.tenantId, ctx.tenantId), eq(participants.id, participantId)));
  if (!p?.teamId) throw new AppError('NOT_FOUND', 'Participant not found');
  const reach = await teamPlanReach(ctx, p.teamId);
  if (!reach?.readsAll) throw new AppError('NOT_FOUND', 'Participant not found');
  return { participant: { ...p, teamId: p.teamId }, reach };
}

/**
 * Keeps the engagement's two deadlines: due from engagedOn in the tenant's time zone, met by the first
 * approval on or after it of an interim (interim only) or comprehensive (both) plan; an ended
 * engagement keeps only the deadlines already met.
 */
export async function keepEngagementDeadlines(
  ctx: TenantContext,
  row: EngagementRow,
  teamId: string,
): Promise<void> {
  const tz = await tenantTimeZone(ctx);
  const approvals = await ctx.tx
    .select({ kind: behaviourSupportPlans.kind, approvedAt: behaviourSupportPlans.approvedAt })
    .from(behaviourSupportPlans)
    .where(
      and(
        eq(behaviourSupportPlans.tenantId, ctx.tenantId),
        eq(behaviourSupportPlans.participantId, row.participantId),
        isNotNull(behaviourSupportPlans.approvedAt),
      ),
    );
  const metAt = { 'bsp-interim': null as Date | null, 'bsp-comprehensive': null as Date | null };
  for (const approval of approvals) {
    const at = approval.approvedAt!;
    if (todayIn(tz, at) < row.engagedOn) continue;
    for (const kind of deadlinesMetByApproval(approval.kind)) {
      const earlier = metAt[kind];
      if (!earlier || at < earlier) metAt[kind] = at;
    }
  }
  const due = {
    'bsp-interim': interimPlanDue(row.engagedOn, tz),
    'bsp-comprehensive': comprehensivePlanDue(row.engagedOn, tz),
  };
  for (const kind of ['bsp-interim', 'bsp-comprehensive'] as const) {
    if (row.endedOn && !metAt[kind]) {
      await dropDeadlines(ctx.tx, ctx.tenantId, row.id, [kind]);
      continue;
    }
    await keepDeadline(ctx.tx, ctx.tenantId, {
      kind,
      subjectType: 'engagement',
      subjectId: row.id,
      participantId: row.participantId,
      teamId,
      dueAt: due[kind],
      metAt: metAt[kind],
    });
  }
}

/** After a plan's approval: the participant's open engagement's deadlines follow. */
export async function refreshParticipantEngagements(
  ctx: TenantContext,
  participantId: string,
  teamId: string,
): Promise<void> {
  const rows = await ctx.tx
    .select()
    .from(behaviourSupportEngagements)
    .where(
      and(
        eq(behaviourSupportEngagements.tenantId, ctx.tenantId),
        eq(behaviourSupportEngagements.participantId, participantId),
        isNull(behaviourSupportEngagements.endedOn),
      ),
    );
  for (const row of rows) await keepEngagementDeadlines(ctx, row, teamId);
}

async function toEngagements(ctx: TenantContext, rows: EngagementRow[]): Promise<Engagement[]> {
  if (rows.length === 0) return [];
  const [names, people, kept] = await Promise.all([
    ctx.tx
      .select({ id: participants.id, name: participants.name })
      .from(participants)
      .where(
        and(
          eq(participants.tenantId, ctx.tenantId),
          inArray(participants.id, [...new Set(rows.map((r) => r.participantId))]),
        ),
      ),
    userNames(
      ctx,
      rows.map((r) => r.practitionerId),
    ),
    deadlinesOf(
      ctx.tx,
      ctx.tenantId,
      rows.map((r) => r.id),
    ),
  ]);
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return rows.map((row) => ({
    id: row.id,
    participantId: row.participantId,
    participantName: nameOf.get(row.participantId) ?? '',
    engagedOn: row.engagedOn,
    endedOn: row.endedOn,
    practitionerId: row.practitionerId,
    practitionerName: row.practitionerId ? (people.get(row.practitionerId) ?? null) : null,
    note: row.note,
    recordedBy: row.recordedBy,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deadlines: kept.filter((d) => d.subjectId === row.id),
  }));
}

async function readEngagement(ctx: TenantContext, id: string): Promise<Engagement> {
  const [row] = await ctx.tx
    .select()
    .from(behaviourSupportEngagements)
    .where(
      and(eq(behaviourSupportEngagements.tenantId, ctx.tenantId), eq(behaviourSupportEngagements.id, id)),
    );
  if (!row) throw engagementNotFound();
  return (await toEngagements(ctx, [row]))[0]!;
}

/** `GET /api/behaviour-support-engagements`: newest first, for the participants the caller's teams reach. */
export async function listEngagements(
  ctx: TenantContext,
  query: EngagementListQuery,
): Promise<{ data: Engagement[]; total: number }> {
  const reaches = await planReachByTeam(ctx);
  if (query.teamId && !reaches.get(query.teamId)?.readsAll) throw new AppError('NOT_FOUND', 'Team not found');
  const teamIds = [...reaches]
    .filter(([teamId, reach]) => reach.readsAll && (!query.teamId || teamId === query.teamId))
    .map(([teamId]) => teamId);
  if (teamIds.length === 0) return { data: [], total: 0 };
  const where: SQL | undefined = and(
    eq(behaviourSupportEngagements.tenantId, ctx.tenantId),
    inArray(participants.teamId, teamIds),
    query.participantId ? eq(behaviourSupportEngagements.participantId, query.participantId) : undefined,
    query.open === true ? isNull(behaviourSupportEngagements.endedOn) : undefined,
    query.open === false ? isNotNull(behaviourSupportEngagements.endedOn) : undefined,
  );
  const joined = and(
    eq(participants.tenantId, behaviourSupportEngagements.tenantId),
    eq(participants.id, behaviourSupportEngagements.participantId),
  );
  const [rows, [counted]] = await Promise.all([
    ctx.tx
      .select({ engagement: behaviourSupportEngagements })
      .from(behaviourSupportEngagements)
      .innerJoin(participants, joined)
      .where(where)
      .orderBy(desc(behaviourSupportEngagements.engagedOn), desc(behaviourSupportEngagements.id))
      .limit(query.limit)
      .offset(query.offset),
    ctx.tx
      .select({ n: sql<number>`count(*)::int` })
      .from(behaviourSupportEngagements)
      .innerJoin(participants, joined)
      .where(where),
  ]);
  return {
    data: await toEngagements(
      ctx,
      rows.map((r) => r.engagement),
    ),
    total: counted?.n ?? 0,
  };
}

async function checkDates(ctx: TenantContext, engagedOn: string, endedOn: string | null): Promise<void> {
  const today = todayIn(await tenantTimeZone(ctx));
  if (engagedOn > today) {
    throw new AppError('VALIDATION_FAILED', planMessages.engagedInFuture, [
      { path: ['engagedOn'], message: planMessages.engagedInFuture },
    ]);
  }
  if (endedOn && endedOn < engagedOn) {
    throw new AppError('VALIDATION_FAILED', planMessages.endedBeforeEngaged, [
      { path: ['endedOn'], message: planMessages.endedBeforeEngaged },
    ]);
  }
}

async function announce(ctx: TenantContext, type: 'created' | 'updated', id: string, version: number) {
  await publishChanges(ctx.tx, [
    {
      tenantId: ctx.tenantId,
      userId: null,
      event: { type, entity: 'behaviour-support-engagement', id, version },
    },
  ]);
}

/** `POST /api/behaviour-support-engagements`: one open engagement per participant (422 otherwise). */
export async function createEngagement(
  ctx: TenantContext,
  input: CreateEngagementInput,
): Promise<Engagement> {
  const { participant, reach } = await participantOnTeam(ctx, input.participantId);
  requirePlanWriter(reach);
  await checkDates(ctx, input.engagedOn, null);
  const [open] = await ctx.tx
    .select({ id: behaviourSupportEngagements.id })
    .from(behaviourSupportEngagements)
    .where(
      and(
        eq(behaviourSupportEngagements.tenantId, ctx.tenantId),
        eq(behaviourSupportEngagements.participantId, participant.id),
        isNull(behaviourSupportEngagements.endedOn),
      ),
    )
    .for('update');
  if (open) throw new AppError('WORKFLOW_REFUSED', planMessages.openEngagement, { engagementId: open.id });
  const [row] = await ctx.tx
    .insert(behaviourSupportEngagements)
    .values({
      tenantId: ctx.tenantId,
      participantId: participant.id,
      engagedOn: input.engagedOn,
      practitionerId: input.practitionerId ?? null,
      note: input.note,
      recordedBy: ctx.actor.id,
    })
    .returning();
  await keepEngagementDeadlines(ctx, row!, participant.teamId);
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'behaviour-support-engagement',
    entityId: row!.id,
    action: 'created',
    changes: [
      { field: 'engagedOn', oldValue: null, newValue: input.engagedOn },
      { field: 'participantId', oldValue: null, newValue: participant.id },
    ],
    metadata: { version: 1, participantName: participant.name },
  });
  await announce(ctx, 'created', row!.id, 1);
  return readEngagement(ctx, row!.id);
}

/** `PATCH /api/behaviour-support-engagements/{id}`: corrects the dates or note, or ends it (endedOn). */
export async function updateEngagement(
  ctx: TenantContext,
  id: string,
  input: UpdateEngagementInput,
): Promise<Engagement> {
  const [row] = await ctx.tx
    .select()
    .from(behaviourSupportEngagements)
    .where(
      and(eq(behaviourSupportEngagements.tenantId, ctx.tenantId), eq(behaviourSupportEngagements.id, id)),
    )
    .for('update');
  if (!row) throw engagementNotFound();
  let reach: PlanReach;
  let teamId: string;
  try {
    const found = await participantOnTeam(ctx, row.participantId);
    reach = found.reach;
    teamId = found.participant.teamId;
  } catch {
    throw engagementNotFound();
  }
  requirePlanWriter(reach);
  if (input.version !== row.version) {
    throw new AppError('CONFLICT', conflictMessage, { current: await readEngagement(ctx, id) });
  }
  const next = {
    engagedOn: input.engagedOn ?? row.engagedOn,
    endedOn: input.endedOn !== undefined ? input.endedOn : row.endedOn,
    practitionerId: input.practitionerId !== undefined ? input.practitionerId : row.practitionerId,
    note: input.note ?? row.note,
  };
  await checkDates(ctx, next.engagedOn, next.endedOn);
  const changes: FieldChange[] = (Object.keys(next) as (keyof typeof next)[])
    .filter((field) => next[field] !== row[field])
    .map((field) => ({ field, oldValue: row[field], newValue: next[field] }));
  if (changes.length === 0) return readEngagement(ctx, id);
  const version = row.version + 1;
  const [updated] = await ctx.tx
    .update(behaviourSupportEngagements)
    .set({ ...next, version, updatedAt: new Date() })
    .where(
      and(eq(behaviourSupportEngagements.tenantId, ctx.tenantId), eq(behaviourSupportEngagements.id, id)),
    )
    .returning();
  await keepEngagementDeadlines(ctx, updated!, teamId);
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'behaviour-support-engagement',
    entityId: id,
    action: next.endedOn && !row.endedOn ? 'ended' : 'updated',
    changes,
    metadata: { version },
  });
  await announce(ctx, 'updated', id, version);
  return readEngagement(ctx, id);
}
