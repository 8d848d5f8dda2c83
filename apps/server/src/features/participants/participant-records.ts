import type { Role } from '@wattle/domain/auth/roles';
import type { Participant, ParticipantSummary } from '@wattle/domain/participants/schemas';
import { and, eq } from 'drizzle-orm';
import { participantPlans, participants } from '../../db/schema/participants';
import { teams } from '../../db/schema/teams';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { tenantToday } from '../cards/card-values';
import { type ParticipantReach, reachOf, roleOverParticipantsOf } from './participant-access';
import { isMainPlan } from './plan-status-sql';

/**
 * A participant row with what its views show beside it: the team's name and slug, and the dates of
 * their plan (`mainPlan`: the current one, or before the first starts the first upcoming one; one at
 * most, plan-status-sql.ts).
 */
export async function selectParticipantRow(
  ctx: TenantContext,
  id: string,
  options: { forUpdate?: boolean } = {},
) {
  const today = await tenantToday(ctx);
  const query = ctx.tx
    .select({
      participant: participants,
      teamName: teams.name,
      teamSlug: teams.slug,
      planStartDate: participantPlans.startDate,
      planEndDate: participantPlans.endDate,
    })
    .from(participants)
    .leftJoin(teams, and(eq(teams.tenantId, participants.tenantId), eq(teams.id, participants.teamId)))
    .leftJoin(
      participantPlans,
      and(
        eq(participantPlans.tenantId, participants.tenantId),
        eq(participantPlans.participantId, participants.id),
        isMainPlan(ctx.tx, today),
      ),
    )
    .where(and(eq(participants.tenantId, ctx.tenantId), eq(participants.id, id)));
  const [row] = options.forUpdate ? await query.for('update', { of: participants }) : await query;
  return row;
}

export type ParticipantRecordRow = NonNullable<Awaited<ReturnType<typeof selectParticipantRow>>>;

export interface LoadedParticipant {
  row: ParticipantRecordRow;
  /** The caller's role over the participant (on their team, or tenant-wide). */
  role: Role;
  reach: NonNullable<ParticipantReach>;
}

/**
 * A participant the caller may see, with their role over it. One they may not see answers 404
 * 'Participant not found', exactly like a missing one, so ids reveal nothing.
 */
export async function loadParticipant(
  ctx: TenantContext,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<LoadedParticipant> {
  const row = await selectParticipantRow(ctx, id, options);
  const role = row ? await roleOverParticipantsOf(ctx, row.participant.teamId) : null;
  const reach = reachOf(role);
  if (!row || !role || !reach) throw participantNotFound();
  return { row, role, reach };
}

export const participantNotFound = () => new AppError('NOT_FOUND', 'Participant not found');

export function toParticipant(row: ParticipantRecordRow): Participant {
  const p = row.participant;
  return {
    view: 'full',
    id: p.id,
    tenantId: p.tenantId,
    name: p.name,
    ndisNumber: p.ndisNumber,
    dateOfBirth: p.dateOfBirth,
    phone: p.phone,
    address: p.address,
    emergencyContact: p.emergencyContact ?? null,
    guardian: p.guardian ?? null,
    goals: p.goals,
    alerts: p.alerts,
    preferences: p.preferences,
    medicalInfo: p.medicalInfo,
    communicationNeeds: p.communicationNeeds,
    state: p.state,
    monashModel: p.monashModel,
    status: p.status,
    teamId: p.teamId,
    teamName: p.teamId ? row.teamName : null,
    teamSlug: p.teamId ? row.teamSlug : null,
    planStartDate: row.planStartDate,
    planEndDate: row.planEndDate,
    archivedAt: p.archivedAt?.toISOString() ?? null,
    lastActivity: p.lastActivityAt.toISOString(),
    version: p.version,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** A family guardian's view: name, goals, alerts, status, team and plan dates; nothing else. */
export function toParticipantSummary(row: ParticipantRecordRow): ParticipantSummary {
  const p = row.participant;
  return {
    view: 'summary',
    id: p.id,
    name: p.name,
    goals: p.goals,
    alerts: p.alerts,
    status: p.status,
    teamId: p.teamId,
    teamName: p.teamId ? row.teamName : null,
    teamSlug: p.teamId ? row.teamSlug : null,
    planStartDate: row.planStartDate,
    planEndDate: row.planEndDate,
  };
}

/** The participant as it is now, read again after a write. */
export async function currentParticipant(ctx: TenantContext, id: string): Promise<Participant> {
  const row = await selectParticipantRow(ctx, id);
  if (!row) throw participantNotFound();
  return toParticipant(row);
}
