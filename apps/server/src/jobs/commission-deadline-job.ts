import { deadlineNotice, deadlineNoticeStage } from '@wattle/domain/deadlines/deadline-text';
import { deadlineLink, isIncidentDeadlineKind } from '@wattle/domain/deadlines/schemas';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { behaviourSupportPlans } from '../db/schema/behaviour-support';
import { deadlines } from '../db/schema/deadlines';
import { incidents } from '../db/schema/incidents';
import { participants } from '../db/schema/participants';
import { teamMembers, teams } from '../db/schema/teams';
import { memberships } from '../db/schema/tenants';
import type { JobScope } from './job-scope';
import { type DedupedNotification, notifyOnce } from './notify-once';
import { findTenantAdmins } from './recipients';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Commission deadlines (issue 16 item 2): each deadline not met tells the people responsible for it
 * 7 days before it falls due, 1 day before, and once it is overdue, each once (notifyOnce, with the
 * claim kept in the database, so restarts and several instances notify nobody twice). Only the latest
 * stage a deadline has reached is told. The key carries the deadline id, the stage and the due instant
 * (`deadline:<id>:<stage>:<dueAt>`), so a deadline whose due instant moved is told again.
 *
 * Responsible: the Team Leads and Practitioners of the deadline's team (a guest only when the team is
 * shared with them); for incident kinds the tenant's owners and admins as well, who answer to the
 * Commission; the owners and admins alone when the team has neither (or the deadline has no team).
 * The notice names the participant, carries the item's page as its link (deadlineLink: the plan, the
 * team's behaviour support home, the incident, the team's restrictive practices) and the incident's
 * or plan's card when there is one.
 */
export async function notifyCommissionDeadlines(scope: JobScope): Promise<number> {
  const { tx, tenantId, now, timeZone } = scope;
  const due = await tx
    .select({
      id: deadlines.id,
      kind: deadlines.kind,
      subjectType: deadlines.subjectType,
      subjectId: deadlines.subjectId,
      teamId: deadlines.teamId,
      teamSlug: teams.slug,
      participantId: deadlines.participantId,
      dueAt: deadlines.dueAt,
      participantName: participants.name,
      incidentCardId: incidents.cardId,
      planCardId: behaviourSupportPlans.cardId,
    })
    .from(deadlines)
    .leftJoin(
      participants,
      and(eq(participants.tenantId, deadlines.tenantId), eq(participants.id, deadlines.participantId)),
    )
    .leftJoin(teams, and(eq(teams.tenantId, deadlines.tenantId), eq(teams.id, deadlines.teamId)))
    .leftJoin(
      incidents,
      and(
        eq(deadlines.subjectType, 'incident'),
        eq(incidents.tenantId, deadlines.tenantId),
        eq(incidents.id, deadlines.subjectId),
      ),
    )
    .leftJoin(
      behaviourSupportPlans,
      and(
        eq(deadlines.subjectType, 'plan'),
        eq(behaviourSupportPlans.tenantId, deadlines.tenantId),
        eq(behaviourSupportPlans.id, deadlines.subjectId),
      ),
    )
    .where(
      and(
        eq(deadlines.tenantId, tenantId),
        isNull(deadlines.metAt),
        lte(deadlines.dueAt, new Date(now.getTime() + 7 * dayMs)),
      ),
    );
  if (due.length === 0) return 0;

  const admins = await findTenantAdmins(tx, tenantId);
  const teamIds = [...new Set(due.map((d) => d.teamId).filter((id): id is string => id !== null))];
  const responsibleByTeam = await findResponsible(tx, tenantId, teamIds);

  const rows: DedupedNotification[] = due.flatMap((deadline) => {
    const stage = deadlineNoticeStage(deadline.dueAt, now);
    if (!stage) return [];
    const notice = deadlineNotice(deadline, stage, now, timeZone);
    const team = deadline.teamId ? (responsibleByTeam.get(deadline.teamId) ?? []) : [];
    const recipients = new Set(team.length > 0 ? team : admins);
    if (isIncidentDeadlineKind(deadline.kind)) for (const admin of admins) recipients.add(admin);
    return [...recipients].map((userId) => ({
      tenantId,
      userId,
      type: stage === 'overdue' ? ('deadline-overdue' as const) : ('deadline' as const),
      priority: notice.priority,
      message: notice.message,
      participantId: deadline.participantId,
      participantName: deadline.participantName,
      cardId: deadline.incidentCardId ?? deadline.planCardId ?? null,
      link: deadlineLink(deadline),
      dedupeKey: `deadline:${deadline.id}:${stage}:${deadline.dueAt.toISOString()}`,
    }));
  });
  return notifyOnce(tx, rows);
}

/** The Team Leads and Practitioners of each team, guests only on a team shared with them. */
async function findResponsible(tx: Tx, tenantId: string, teamIds: string[]): Promise<Map<string, string[]>> {
  const byTeam = new Map<string, string[]>();
  if (teamIds.length === 0) return byTeam;
  const rows = await tx
    .select({ teamId: teamMembers.teamId, userId: teamMembers.userId })
    .from(teamMembers)
    .innerJoin(
      memberships,
      and(eq(memberships.tenantId, teamMembers.tenantId), eq(memberships.userId, teamMembers.userId)),
    )
    .where(
      and(
        eq(teamMembers.tenantId, tenantId),
        inArray(teamMembers.teamId, teamIds),
        inArray(teamMembers.role, ['Team Lead', 'Practitioner']),
        or(
          sql`${memberships.role} <> 'guest'`,
          sql`${teamMembers.teamId} = any(${memberships.sharedTeamIds})`,
        ),
      ),
    );
  for (const row of rows) byTeam.set(row.teamId, [...(byTeam.get(row.teamId) ?? []), row.userId]);
  return byTeam;
}
