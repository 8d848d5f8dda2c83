import { can } from '@wattle/domain/auth/permissions';
import { clinicianTeamRoles, effectiveTeamRole, type TeamRole } from '@wattle/domain/auth/roles';
import type { Team, TeamParticipant } from '@wattle/domain/teams/schemas';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { type HotStatement, isoText, runHotStatement } from '../../db/hot-statement';
import { teams } from '../../db/schema/teams';
import type { TenantContext } from '../../http/tenant-scope';

type TeamRow = typeof teams.$inferSelect;
interface MemberJson {
  userId: string;
  role: TeamRole;
  permissions: string[];
  joinedAt: string;
  name: string;
  email: string;
  screeningExpired: boolean;
}

interface ParticipantJson {
  id: string;
  name: string;
  ndisNumber: string;
  dateOfBirth: string;
  goals: string[];
  alerts: string[];
}

/**
 * The teams the caller can see, each with its members and the caller's role on it. Tenant-wide
 * roles see every team; a guest sees the teams shared with them; a member sees the teams they are on.
 */
export async function findVisibleTeams(
  ctx: TenantContext,
  filter?: { teamId?: string; slug?: string },
): Promise<Team[]> {
  // The unfiltered list is the hot path (every page load): one prepared statement read as plain rows.
  const rows =
    filter?.teamId || filter?.slug
      ? await selectTeams(ctx.tx, [
          eq(teams.tenantId, ctx.tenantId),
          ...(filter.teamId ? [eq(teams.id, filter.teamId)] : []),
          ...(filter.slug ? [eq(teams.slug, filter.slug)] : []),
        ])
      : await listAllTeams(ctx);

  const visible: Team[] = [];
  for (const { team: row, members: memberJson, participant } of rows) {
    const members = memberJson.map((m) => ({ ...m, joinedAt: new Date(m.joinedAt) }));
    const mine = members.find((m) => m.userId === ctx.actor.id);
    const myRole = effectiveTeamRole(ctx.access, {
      teamRole: (mine?.role as TeamRole | undefined) ?? null,
      isSharedWithGuest: ctx.sharedTeamIds.includes(row.id),
    });
    if (!myRole) continue;
    visible.push(
      toTeam(row, members, myRole, teamParticipant(participant, myRole, ctx.actor.isVerified === true)),
    );
  }
  return visible;
}

type TeamWithMembers = { team: TeamRow; members: MemberJson[]; participant: ParticipantJson | null };

/** What the members of a team are, as JSON: the same expression for both statements below. */
const membersJson = `coalesce((
  select json_agg(json_build_object(
    'userId', tm.user_id, 'role', tm.role, 'permissions', tm.permissions,
    'joinedAt', tm.joined_at, 'name', u.name, 'email', u.email,
    'screeningExpired', coalesce(
      (sp.worker_screening->>'expiryDate')::date < (now() at time zone tn.time_zone)::date
      or (sp.working_with_children_check->>'expiryDate')::date < (now() at time zone tn.time_zone)::date,
      false)) order by u.name)
  from team_members tm join users u on u.id = tm.user_id
  join tenants tn on tn.id = tm.tenant_id
  left join staff_profiles sp on sp.tenant_id = tm.tenant_id and sp.user_id = tm.user_id
  where tm.tenant_id = "teams"."tenant_id" and tm.team_id = "teams"."id"), '[]'::json)`;

const participantJson = `(
  select json_build_object('id', p.id, 'name', p.name, 'ndisNumber', p.ndis_number,
    'dateOfBirth', p.date_of_birth, 'goals', p.goals, 'alerts', p.alerts)
  from participants p
  where p.tenant_id = "teams"."tenant_id" and p.team_id = "teams"."id")`;

/** Every team of the tenant ($1) with members and participant, ordered by name: the teams list. */
const allTeamsStatement: HotStatement = {
  name: 'wattle_teams_all',
  paramTypes: ['uuid'],
  text: `select "teams"."id", "teams"."tenant_id", "teams"."slug", "teams"."name", "teams"."workflow_states",
    "teams"."workflow_stage", "teams"."workflow_locked", "teams"."templates", "teams"."compliance",
    "teams"."status", ${isoText('"teams"."last_activity_at"')} as "last_activity_at", "teams"."version",
    ${isoText('"teams"."created_at"')} as "created_at", ${isoText('"teams"."updated_at"')} as "updated_at",
    ${membersJson} as "members", ${participantJson} as "participant"
  from teams where "teams"."tenant_id" = $1 order by "teams"."name"`,
};

interface AllTeamsRow {
  id: string;
  tenant_id: string;
  slug: string;
  name: string;
  workflow_states: TeamRow['workflowStates'];
  workflow_stage: string | null;
  workflow_locked: boolean;
  templates: TeamRow['templates'];
  compliance: TeamRow['compliance'];
  status: TeamRow['status'];
  last_activity_at: string;
  version: number;
  created_at: string;
  updated_at: string;
  members: MemberJson[];
  participant: ParticipantJson | null;
}

/**
 * The tenant's teams as the request's prepared statement reads them, with no query builder in
 * between (its SQL building and row mapping cost more than the statement); in any other transaction,
 * through the query builder as the filtered reads are.
 */
async function listAllTeams(ctx: TenantContext): Promise<TeamWithMembers[]> {
  const rows = await runHotStatement<AllTeamsRow>(ctx.tx, allTeamsStatement, [ctx.tenantId]);
  if (!rows) return selectTeams(ctx.tx, [eq(teams.tenantId, ctx.tenantId)]);
  return rows.map((r) => ({
    team: {
      id: r.id,
      tenantId: r.tenant_id,
      slug: r.slug,
      name: r.name,
      workflowStates: r.workflow_states,
      workflowStage: r.workflow_stage,
      workflowLocked: r.workflow_locked,
      templates: r.templates,
      compliance: r.compliance,
      status: r.status,
      lastActivityAt: new Date(r.last_activity_at),
      version: r.version,
      createdAt: new Date(r.created_at),
      updatedAt: new Date(r.updated_at),
    },
    members: r.members,
    participant: r.participant,
  }));
}

/**
 * Teams with their members (and their names) aggregated as JSON, in one query. The outer columns are
 * qualified by hand: Drizzle leaves them bare in a one-table select.
 */
function selectTeams(tx: Tx, where: SQL[]): Promise<TeamWithMembers[]> {
  return tx
    .select({
      team: teams,
      members: sql<MemberJson[]>`${sql.raw(membersJson)}`,
      participant: sql<ParticipantJson | null>`${sql.raw(participantJson)}`,
    })
    .from(teams)
    .where(and(...where))
    .orderBy(asc(teams.name));
}

/** Whether the caller is a clinician (Practitioner or Therapist) on the team. */
export function isClinicianOn(team: Team, userId: string): boolean {
  const me = team.members.find((m) => m.userId === userId);
  return !!me && clinicianTeamRoles.includes(me.role);
}

/**
 * The team's participant as this caller may see it: the NDIS number, date of birth, goals and alerts
 * only with read:participants on the team and a verified account; otherwise the name alone.
 */
function teamParticipant(
  participant: ParticipantJson | null,
  myRole: Team['myRole'],
  isVerified: boolean,
): TeamParticipant | null {
  if (!participant) return null;
  if (isVerified && can(myRole, 'read:participants')) return participant;
  return {
    id: participant.id,
    name: participant.name,
    ndisNumber: null,
    dateOfBirth: null,
    goals: null,
    alerts: null,
  };
}

function toTeam(
  row: TeamRow,
  members: {
    userId: string;
    name: string;
    email: string;
    role: TeamRole;
    permissions: string[];
    joinedAt: Date;
    screeningExpired: boolean;
  }[],
  myRole: Team['myRole'],
  participant: TeamParticipant | null,
): Team {
  return {
    id: row.id,
    tenantId: row.tenantId,
    slug: row.slug,
    name: row.name,
    participant,
    workflowStates: row.workflowStates,
    workflow: { currentStage: row.workflowStage, isLocked: row.workflowLocked },
    templates: row.templates,
    compliance: row.compliance,
    status: row.status,
    boardCount: 1,
    lastActivity: row.lastActivityAt.toISOString(),
    members: members.map((m) => ({
      userId: m.userId,
      name: m.name,
      email: m.email,
      role: m.role,
      joinedAt: m.joinedAt.toISOString(),
      permissions: m.permissions,
      // A screening check is staff information (read:staff): the team's staff see that a colleague's has
      // expired, where they work with them; a family guardian or a guest reading a shared team does not.
      screeningExpired: can(myRole, 'read:cards') && m.screeningExpired,
    })),
    myRole,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
