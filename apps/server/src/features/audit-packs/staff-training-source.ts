import type { Check } from '@wattle/domain/staff/schemas';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { staffProfiles } from '../../db/schema/staff';
import { teamMembers, teams } from '../../db/schema/teams';
import { memberships } from '../../db/schema/tenants';
import { users } from '../../db/schema/users';
import { csvChunks, type EvidenceSource } from './evidence-scope';

/** A screening check's standing on the period's last day. */
function standing(check: Check | null, onDay: string): string {
  if (!check) return 'Not recorded';
  return check.expiryDate < onDay ? 'Expired' : 'Current';
}

/**
 * The staff training and screening register: everyone in scope (the organisation's members, or the
 * members of the scope's team) with their qualifications, registrations, and NDIS Worker Screening
 * and Working with Children Check with their standing on the period's last day.
 */
export const staffTrainingSource: EvidenceSource = {
  name: 'staff training and screening register',
  weight: 1,
  async collect(ctx, out) {
    const { scope } = ctx;
    const people = await ctx.read(async (tx) => {
      const teamRows = await tx
        .select({ userId: teamMembers.userId, team: teams.name, role: teamMembers.role })
        .from(teamMembers)
        .innerJoin(teams, and(eq(teams.tenantId, teamMembers.tenantId), eq(teams.id, teamMembers.teamId)))
        .where(
          and(
            eq(teamMembers.tenantId, scope.tenantId),
            scope.teamIds === null
              ? undefined
              : scope.teamIds.length
                ? inArray(teamMembers.teamId, scope.teamIds)
                : sql`false`,
          ),
        );
      const teamRoles = new Map<string, string[]>();
      for (const row of teamRows)
        teamRoles.set(row.userId, [...(teamRoles.get(row.userId) ?? []), `${row.role} (${row.team})`]);
      const userIds = scope.teamIds === null ? null : [...teamRoles.keys()];
      if (userIds && userIds.length === 0) return [];
      const rows = await tx
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          membership: memberships.role,
          qualifications: staffProfiles.qualifications,
          registrations: staffProfiles.registrations,
          workerScreening: staffProfiles.workerScreening,
          childrenCheck: staffProfiles.workingWithChildrenCheck,
        })
        .from(users)
        .leftJoin(
          memberships,
          and(eq(memberships.tenantId, scope.tenantId), eq(memberships.userId, users.id)),
        )
        .leftJoin(
          staffProfiles,
          and(eq(staffProfiles.tenantId, scope.tenantId), eq(staffProfiles.userId, users.id)),
        )
        .where(userIds ? inArray(users.id, userIds) : eq(memberships.tenantId, scope.tenantId))
        .orderBy(asc(users.name), asc(users.id));
      return rows.map((row) => ({ ...row, teamRoles: teamRoles.get(row.id) ?? [] }));
    });
    const day = scope.periodTo;
    const rows = people.map((p) => [
      p.name,
      p.email,
      p.membership ?? '',
      p.teamRoles.join('; '),
      (p.qualifications ?? []).join('; '),
      (p.registrations ?? [])
        .map((r) => `${r.type} ${r.number}${r.expiryDate ? ` (expires ${r.expiryDate})` : ''}`)
        .join('; '),
      p.workerScreening?.number ?? '',
      p.workerScreening?.expiryDate ?? '',
      standing(p.workerScreening ?? null, day),
      p.childrenCheck?.number ?? '',
      p.childrenCheck?.expiryDate ?? '',
      standing(p.childrenCheck ?? null, day),
    ]);
    await out.add(
      'registers/staff-training-and-screening.csv',
      csvChunks(
        [
          'Name',
          'Email',
          'Organisation role',
          'Team roles',
          'Qualifications',
          'Registrations',
          'NDIS Worker Screening number',
          'Worker Screening expiry',
          `Worker Screening on ${day}`,
          'Working with Children Check number',
          'Working with Children Check expiry',
          `Working with Children Check on ${day}`,
        ],
        (async function* () {
          yield rows;
        })(),
      ),
    );
    ctx.progress(1, 1);
  },
};
