import { coveringAuthorisation, dayIn, monthOfDay } from '@wattle/domain/restrictive-practices/rules';
import {
  type CreateUse,
  type LoggedUse,
  practiceTypeLabels,
  restrictivePracticeMessages,
  type Use,
  type UseListQuery,
} from '@wattle/domain/restrictive-practices/schemas';
import { and, eq, inArray } from 'drizzle-orm';
import {
  restrictivePracticeAuthorisations as authorisations,
  restrictivePracticeUses as uses,
} from '../../db/schema/restrictive-practices';
import { teamMembers } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { tenantTimeZone } from '../cards/card-values';
import { refreshMonthReport } from './monthly-reports';
import { type ParticipantOfPractices, requirePracticePermission } from './practice-access';
import { publishPracticeChange } from './practice-events';
import { raiseUnauthorisedUseIncident } from './unauthorised-use-incident';
import { type UseRow, useRowsBetween } from './use-rows';

/**
 * The log (issue 16 item 3): every use of a restrictive practice on a participant, recorded by the
 * support workers, clinicians and leads of their team (and the organisation's admins). The server
 * decides whether the use was authorised (an authorisation of the practice in force on the day of
 * the use, in the tenant's zone); an unauthorised use is itself a reportable incident and raises one
 * in the same transaction, linked both ways. Uses are never edited or deleted: the log is evidence.
 */

const entity = 'restrictive-practice-use';

export const noTeamMessage =
  'Assign the participant to a care team before logging uses: an unauthorised use raises an incident on the team';
export const usedByNotOnTeamMessage = "Choose someone on the participant's care team";

export async function toUses(ctx: TenantContext, rows: UseRow[]): Promise<Use[]> {
  if (rows.length === 0) return [];
  const people = [
    ...new Set(rows.flatMap((r) => [r.usedBy, r.recordedBy]).filter((id): id is string => id !== null)),
  ];
  const names =
    people.length > 0
      ? await ctx.tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, people))
      : [];
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  const authIds = [...new Set(rows.map((r) => r.authorisationId).filter((id): id is string => id !== null))];
  const refs =
    authIds.length > 0
      ? await ctx.tx
          .select({ id: authorisations.id, reference: authorisations.authorisationReference })
          .from(authorisations)
          .where(and(eq(authorisations.tenantId, ctx.tenantId), inArray(authorisations.id, authIds)))
      : [];
  const refOf = new Map(refs.map((r) => [r.id, r.reference]));
  const person = (id: string | null) => (id ? { id, name: nameOf.get(id) ?? 'Unknown' } : null);
  return rows.map((row) => ({
    id: row.id,
    participantId: row.participantId,
    teamId: row.teamId,
    practiceType: row.practiceType,
    startedAt: row.startedAt.toISOString(),
    durationMinutes: row.durationMinutes,
    usedBy: person(row.usedBy),
    reason: row.reason,
    behaviour: row.behaviour,
    antecedent: row.antecedent,
    authorised: row.authorised,
    authorisationId: row.authorisationId,
    authorisationReference: row.authorisationId ? (refOf.get(row.authorisationId) ?? null) : null,
    incidentId: row.incidentId,
    recordedBy: person(row.recordedBy),
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function listUses(
  ctx: TenantContext,
  query: UseListQuery,
): Promise<{ data: Use[]; total: number }> {
  await requirePracticePermission(ctx, query.participantId, 'read:restrictive-practices');
  const timeZone = await tenantTimeZone(ctx);
  const rows = await useRowsBetween(ctx, query.participantId, query.from, query.to, timeZone);
  return {
    data: await toUses(ctx, rows.slice(query.offset, query.offset + query.limit)),
    total: rows.length,
  };
}

/** Who used the practice: someone on the participant's team (or the person logging it). */
async function checkUsedBy(ctx: TenantContext, participant: ParticipantOfPractices, usedBy: string) {
  if (usedBy === ctx.actor.id) return;
  const [member] = await ctx.tx
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.tenantId, ctx.tenantId),
        eq(teamMembers.teamId, participant.teamId!),
        eq(teamMembers.userId, usedBy),
      ),
    );
  if (!member) {
    throw new AppError('VALIDATION_FAILED', usedByNotOnTeamMessage, [
      { path: ['usedBy'], message: usedByNotOnTeamMessage },
    ]);
  }
}

/**
 * Logs a use. Authorised when an authorisation of the practice is in force on its day; otherwise a
 * reportable incident ('unauthorised-restrictive-practice') is raised now, aware from the moment it
 * is logged, and linked both ways. The month's report is kept current and its deadline kept.
 */
export async function logUse(ctx: TenantContext, input: CreateUse, now = new Date()): Promise<LoggedUse> {
  const { participant } = await requirePracticePermission(
    ctx,
    input.participantId,
    'record:restrictive-practices',
  );
  if (!participant.teamId) throw new AppError('WORKFLOW_REFUSED', noTeamMessage);
  const startedAt = new Date(input.startedAt);
  if (startedAt.getTime() > now.getTime() + 60_000) {
    throw new AppError('VALIDATION_FAILED', restrictivePracticeMessages.futureUse, [
      { path: ['startedAt'], message: restrictivePracticeMessages.futureUse },
    ]);
  }
  const usedBy = input.usedBy ?? ctx.actor.id;
  await checkUsedBy(ctx, participant, usedBy);
  const timeZone = await tenantTimeZone(ctx);
  const day = dayIn(startedAt, timeZone);
  const register = await ctx.tx
    .select()
    .from(authorisations)
    .where(
      and(
        eq(authorisations.tenantId, ctx.tenantId),
        eq(authorisations.participantId, participant.id),
        eq(authorisations.practiceType, input.practiceType),
      ),
    );
  const covering = coveringAuthorisation(register, input.practiceType, day);
  const [row] = await ctx.tx
    .insert(uses)
    .values({
      tenantId: ctx.tenantId,
      participantId: participant.id,
      teamId: participant.teamId,
      authorisationId: covering?.id ?? null,
      practiceType: input.practiceType,
      startedAt,
      durationMinutes: input.durationMinutes,
      usedBy,
      reason: input.reason,
      behaviour: input.behaviour,
      antecedent: input.antecedent,
      authorised: covering !== null,
      recordedBy: ctx.actor.id,
    })
    .returning();
  let use = row!;
  let incident: LoggedUse['incident'] = null;
  if (!covering) {
    incident = await raiseUnauthorisedUseIncident(ctx, { participant, use, timeZone, awareAt: now });
    const [linked] = await ctx.tx
      .update(uses)
      .set({ incidentId: incident.id })
      .where(and(eq(uses.tenantId, ctx.tenantId), eq(uses.id, use.id)))
      .returning();
    use = linked!;
  }
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity,
    entityId: use.id,
    action: 'created',
    changes: [
      { field: 'practiceType', oldValue: null, newValue: use.practiceType },
      { field: 'startedAt', oldValue: null, newValue: use.startedAt.toISOString() },
      { field: 'durationMinutes', oldValue: null, newValue: use.durationMinutes },
      { field: 'authorised', oldValue: null, newValue: use.authorised },
    ],
    metadata: {
      participantId: participant.id,
      authorisationId: use.authorisationId,
      incidentId: use.incidentId,
      practice: practiceTypeLabels[use.practiceType],
    },
  });
  await publishPracticeChange(ctx, 'created', entity, use.id, null);
  await refreshMonthReport(ctx, participant, monthOfDay(day), timeZone);
  const [logged] = await toUses(ctx, [use]);
  return { ...logged!, incident };
}
